import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, type Api } from '../net/api';
import { newShare } from '../net/dice-share';
import type { GameRecord } from '../net/protocol';
import { loadSeat, saveSeat, type StoredSeat } from '../net/seat-tokens';
import { sha256Hex } from '../net/seed-check';

/**
 * This browser's part in the dice (docs/fair-dice.md), while the game waits in its lobby: it
 * commits the seat to new bytes when its share was void (a seat changed after a reveal) or the
 * bytes are lost, and reveals them once every seat is taken and committed. Each lobby change
 * asks the server for the record afresh, so a late message never makes it draw twice. The bytes
 * live beside the seat token: a reload still reveals them. Answers what went wrong, if anything.
 */
export function useDiceShare(
  api: Api,
  gameId: string,
  record: GameRecord | undefined,
  seated: boolean,
): string | undefined {
  const [error, setError] = useState<string | undefined>(undefined);
  const running = useRef(false);
  const again = useRef(false);
  const inLobby = record?.status === 'lobby';

  useEffect(() => {
    if (!inLobby || !seated) return;
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    void (async () => {
      do {
        again.current = false;
        try {
          await step(api, gameId);
          setError(undefined);
        } catch (e) {
          // A seat changed meanwhile: the lobby change that follows runs the step again.
          if (!(e instanceof ApiError && e.code === 'NOT_READY')) {
            setError(e instanceof ApiError ? e.message : SHARE_NOT_SENT);
          }
        }
      } while (requested(again));
      running.current = false;
    })();
  }, [api, gameId, record, inLobby, seated]);

  return error;
}

/** Whether a lobby change came while the step ran (read through a call: the step may set it). */
function requested(again: { current: boolean }): boolean {
  return again.current;
}

const SHARE_NOT_SENT =
  'Your share of the dice could not be sent; it is sent again at the next change.';

async function step(api: Api, gameId: string): Promise<void> {
  const stored = loadSeat(localStorage, gameId);
  if (stored === undefined) return;
  const game = await api.getGame(gameId);
  const mine = game.seats[stored.seat];
  if (game.status !== 'lobby' || mine?.taken !== true || mine.entropyRevealed === true) return;
  const known =
    stored.entropy !== undefined && (await sha256Hex(stored.entropy)) === mine.entropyCommitment;
  if (!known) {
    const share = await newShare();
    saveSeat(localStorage, gameId, withShare(stored, share.entropy));
    await api.commitShare(gameId, stored.token, share.entropyCommitment);
    return;
  }
  // A bot's seat put in before seats had shares gets its share at the reveal.
  const allCommitted = game.seats.every(
    (s) => s.taken && (s.entropyCommitment !== undefined || s.bot !== undefined),
  );
  if (!allCommitted) return;
  saveSeat(localStorage, gameId, {
    ...stored,
    revealedUnder: game.seats.map((s) => s.entropyCommitment ?? null),
  });
  await api.revealShare(gameId, stored.token, stored.entropy);
}

function withShare(stored: StoredSeat, entropy: string): StoredSeat {
  const { revealedUnder: _, ...rest } = stored;
  return { ...rest, entropy };
}
