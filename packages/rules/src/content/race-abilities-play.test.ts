import { describe, expect, it, vi } from 'vitest';
import { createGame } from '../setup/create-game.js';
import { randomPlay } from '../testing/random-play.js';

// Whole random games: generous when the machine is shared with other test runs.
vi.setConfig({ testTimeout: 120_000 });

const TABLE = {
  players: [
    { race: 'mentak' as const },
    { race: 'xxcha' as const },
    { race: 'yssaril' as const },
    { race: 'letnev' as const },
    { race: 'sol' as const },
  ],
  roundLimit: 3,
};

describe('BG-1 racial abilities in random play', () => {
  it('every action offered to the Mentak, Xxcha, Yssaril, Letnev and Sol is accepted, through whole games', () => {
    let vetoes = 0;
    let revealed = 0;
    for (const seed of [1, 4, 6]) {
      const r = randomPlay(createGame(TABLE, `races-${seed}`), 3000, seed);
      expect(r.problem).toBeUndefined();
      expect(r.state.phase.name).toBe('game-over');
      // The Xxcha veto at most once a Political phase.
      const vetoed = r.tally['agenda-vetoed'] ?? 0;
      expect(vetoed).toBeLessThanOrEqual(TABLE.roundLimit);
      vetoes += vetoed;
      revealed += r.tally['hand-revealed'] ?? 0;
    }
    // Over these games the random Xxcha vetoes and the random Yssaril looks at a hand
    // (Disclosure would reveal one too).
    expect(vetoes).toBeGreaterThan(0);
    expect(revealed).toBeGreaterThan(0);
  });
});
