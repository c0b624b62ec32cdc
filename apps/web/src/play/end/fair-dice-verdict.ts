import type { GameRecord } from '../../net/protocol';
import type { StoredSeat } from '../../net/seat-tokens';
import { diceSeedOf, sha256Hex } from '../../net/seed-check';

/** What this browser checked of a finished game's dice (docs/fair-dice.md), check by check. */
export interface FairDiceVerdict {
  /** SHA-256 of the revealed seed is the commitment published at creation */
  readonly seed: boolean;
  /** every seat's share hashes to its commitment (absent: a game from before seats had shares) */
  readonly shares?: boolean;
  /** the share this browser drew for its seat is the seat's share (absent: it drew none) */
  readonly mine?: boolean;
  /** the commitments are those this browser saw when it revealed (absent: it did not reveal) */
  readonly unchanged?: boolean;
  /** the seed the dice rolled from */
  readonly diceSeed: string;
}

/** The checks anyone can make from the public record, and those only this seat's browser can. */
export async function fairDiceVerdict(
  seed: string,
  record: Pick<GameRecord, 'seedCommitment' | 'seats'>,
  stored: StoredSeat | undefined,
): Promise<FairDiceVerdict> {
  const shares = record.seats.map((s) => s.entropy);
  const withShares = shares.some((s) => s !== undefined);
  const matches = await Promise.all(
    record.seats.map(
      async (s) => s.entropy !== undefined && (await sha256Hex(s.entropy)) === s.entropyCommitment,
    ),
  );
  const verdict: FairDiceVerdict = {
    seed: (await sha256Hex(seed)) === record.seedCommitment,
    ...(withShares ? { shares: matches.every(Boolean) } : {}),
    diceSeed: await diceSeedOf(seed, shares),
  };
  const mine = stored === undefined ? undefined : record.seats[stored.seat];
  if (stored?.entropy === undefined || mine === undefined) return verdict;
  return {
    ...verdict,
    mine: mine.entropy === stored.entropy,
    ...(stored.revealedUnder === undefined
      ? {}
      : {
          unchanged:
            stored.revealedUnder.length === record.seats.length &&
            record.seats.every(
              (s, i) =>
                // A bot from before seats had shares got its share at the reveal.
                (stored.revealedUnder?.[i] ?? s.entropyCommitment) === s.entropyCommitment,
            ),
        }),
  };
}
