import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SeatRecord } from '../../net/protocol';
import { fairDiceVerdict } from './fair-dice-verdict';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const seed = 'ab'.repeat(32);
const shares = ['01'.repeat(32), 'fe'.repeat(32)];
const seat = (i: number, entropy: string): SeatRecord => ({
  seat: i,
  name: `P${String(i)}`,
  race: 'random',
  ready: true,
  taken: true,
  entropyCommitment: sha(entropy),
  entropyRevealed: true,
  entropy,
});
const record = {
  seedCommitment: sha(seed),
  seats: shares.map((s, i) => seat(i, s)),
};
const token = 'A'.repeat(43);

describe('the end screen’s check of fair dice (docs/fair-dice.md)', () => {
  it('passes every check for an honest game, and works out the dice seed the server rolled from', async () => {
    const verdict = await fairDiceVerdict(seed, record, {
      seat: 1,
      token,
      name: 'P1',
      entropy: shares[1] ?? '',
      revealedUnder: shares.map(sha),
    });
    expect(verdict).toEqual({
      seed: true,
      shares: true,
      mine: true,
      unchanged: true,
      // The figure apps/server/src/games/secrets.test.ts expects of the server's diceSeed.
      diceSeed: '282e5ba45f9a070c8eb07ac2a9ff7f20f073337524458ef6111134c88b40e2e9',
    });
  });

  it('catches a seed, a share, this seat’s bytes or a commitment that is not what it should be', async () => {
    expect((await fairDiceVerdict('cd'.repeat(32), record, undefined)).seed).toBe(false);
    const swapped = {
      ...record,
      seats: [seat(0, shares[0] ?? ''), { ...seat(1, shares[1] ?? ''), entropy: '00'.repeat(32) }],
    };
    expect((await fairDiceVerdict(seed, swapped, undefined)).shares).toBe(false);
    const other = await fairDiceVerdict(seed, record, {
      seat: 0,
      token,
      name: 'P0',
      entropy: '77'.repeat(32),
      revealedUnder: [sha('77'.repeat(32)), sha(shares[1] ?? '')],
    });
    expect([other.mine, other.unchanged]).toEqual([false, false]);
  });

  it('asks nothing of a spectator’s browser, nor shares of a game from before seats had them', async () => {
    const before = {
      ...record,
      seats: record.seats.map(({ entropy: _e, entropyCommitment: _c, ...s }) => s),
    };
    expect(await fairDiceVerdict(seed, before, undefined)).toEqual({ seed: true, diceSeed: seed });
  });
});
