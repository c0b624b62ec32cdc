import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { apply } from './apply.js';
import { replay } from './replay.js';
import { createGame } from './setup/create-game.js';
import { options } from './testing/fixtures.js';
import { randomPlay } from './testing/random-play.js';

// Whole random games: generous when the machine is shared with other test runs.
vi.setConfig({ testTimeout: 60_000 });

const hash = (v: unknown): string => createHash('sha256').update(JSON.stringify(v)).digest('hex');

describe('Determinism and replay', () => {
  for (const mode of ['auto', 'build'] as const) {
    it(`gives equal states and events for the same seed and actions (${mode} galaxy)`, () => {
      const o = options(4, { galaxy: { mode } });
      const a = createGame(o, 'same-seed');
      const b = createGame(o, 'same-seed');
      expect(hash(a)).toBe(hash(b));
      const game = randomPlay(a, 600, 11);
      expect(game.problem).toBeUndefined();
      let s = b;
      const eventsA: unknown[] = [];
      const eventsB: unknown[] = [];
      let t = a;
      for (const { seat, action } of game.played) {
        const ra = apply(t, seat, action);
        const rb = apply(s, seat, action);
        if (!ra.ok || !rb.ok) throw new Error('refused');
        eventsA.push(ra.events);
        eventsB.push(rb.events);
        t = ra.state;
        s = rb.state;
      }
      expect(hash(eventsA)).toBe(hash(eventsB));
      expect(hash(t)).toBe(hash(game.state));
      expect(hash(replay(o, 'same-seed', game.played))).toBe(hash(game.state));
      expect(replay(o, 'same-seed', game.played)).toEqual(game.state);
    });
  }

  it('gives different games for different seeds', () => {
    const o = options(4);
    expect(hash(createGame(o, 'seed-a'))).not.toBe(hash(createGame(o, 'seed-b')));
  });

  it('reports every die with its purpose and result', () => {
    const s = createGame(options(3), 'dice');
    const rolls = s.setupEvents.flatMap((e) => (e.type === 'dice-rolled' ? [e] : []));
    expect(rolls.length).toBeGreaterThan(0);
    for (const r of rolls) {
      expect(r.purpose.length).toBeGreaterThan(0);
      for (const v of r.rolls) {
        expect(v).toBeGreaterThanOrEqual(1);
        expect(v).toBeLessThanOrEqual(r.sides);
      }
    }
  });

  it('throws when a stored action is refused (log and engine disagree)', () => {
    expect(() => replay(options(2), 'x', [{ seat: 0, action: { type: 'end-turn' } }])).toThrow(
      /refused/,
    );
  });
});
