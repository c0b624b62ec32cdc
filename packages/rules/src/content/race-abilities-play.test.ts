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
    for (const seed of [1, 4, 6]) {
      const r = randomPlay(createGame(TABLE, `races-${seed}`), 3000, seed);
      expect(r.problem).toBeUndefined();
      expect(r.state.phase.name).toBe('game-over');
      // These seeds' random Xxcha vetoes at least once, never more than once a Political phase.
      const vetoes = r.tally['agenda-vetoed'] ?? 0;
      expect(vetoes).toBeGreaterThan(0);
      expect(vetoes).toBeLessThanOrEqual(TABLE.roundLimit);
      // The random Yssaril looks at a hand (Disclosure would reveal one too).
      expect(r.tally['hand-revealed'] ?? 0).toBeGreaterThan(0);
    }
  });
});
