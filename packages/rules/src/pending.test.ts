import { describe, expect, it } from 'vitest';
import { apply } from './apply.js';
import { pending, topFrame } from './pending.js';
import { createGame } from './setup/create-game.js';
import type { GameState } from './state/types.js';
import { readCorpusGame } from './testing/corpus-files.js';

/**
 * What the game waits for, owed first on top (pending.ts): `topFrame` is the first frame of
 * `pending`, found without listing the others, at every step of recorded whole games that open
 * card windows, ask consents and let leaders escape.
 */
describe('the frames the game waits on', () => {
  for (const id of ['p3-01-random-bots', 'p5-00-heuristic', 'p8-04-heuristic']) {
    it(`topFrame is the first of pending at every step of ${id}, and the phase is always last`, () => {
      const game = readCorpusGame(id);
      let s: GameState = createGame(game.spec.options, game.spec.seed);
      const kinds = new Set<string>();
      for (const { seat, action } of game.actions) {
        const frames = pending(s);
        expect(topFrame(s)).toEqual(frames[0]);
        expect(frames.at(-1)).toEqual({ kind: 'phase', phase: s.phase });
        kinds.add(frames[0]?.kind ?? '');
        const r = apply(s, seat, action);
        if (!r.ok) throw new Error(r.error.message);
        s = r.state;
      }
      expect(kinds).toContain('card-window');
    });
  }
});
