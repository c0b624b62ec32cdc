import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ActionSchema } from './actions/schema.js';
import { apply } from './apply.js';
import { decisions } from './decisions.js';
import { ERROR_CODES } from './errors.js';
import { legalActions } from './legal-actions.js';
import { deepFreeze, newGame, passAction } from './testing/fixtures.js';
import { randomPlay } from './testing/random-play.js';

// Whole random games: generous when the machine is shared with other test runs.
vi.setConfig({ testTimeout: 60_000 });

/** Objects shaped like actions of every type, with plausible and implausible fields. */
const anyShapedAction = fc.record({
  type: fc.constantFrom(
    ...ActionSchema.options.map((o) => ('shape' in o ? o.shape : o.in.shape).type.value),
  ),
  to: fc.integer({ min: 0, max: 7 }),
  credits: fc.integer({ min: 0, max: 100 }),
  cards: fc.array(fc.string(), { maxLength: 2 }),
  offerId: fc.integer({ min: 0, max: 5 }),
  unit: fc.constantFrom('cruiser', 'pds', 'ground-force', 'fighter', 'carrier', 'spacedock'),
  tileId: fc.constantFrom('abyz-fria', 'centauri-gral', 'mecatol-rex', 'nope'),
  hex: fc.record({ q: fc.integer({ min: -5, max: 5 }), r: fc.integer({ min: -5, max: 5 }) }),
  rotation: fc.integer({ min: 0, max: 6 }),
  count: fc.integer({ min: 1, max: 5 }),
  planet: fc.oneof(fc.constantFrom('Arc Prime', 'Jord', 'Mecatol Rex'), fc.string()),
  card: fc.string(),
  technology: fc.constantFrom('antimass-deflectors', 'xrd-transporter', 'nope'),
});

describe('apply: validation and error codes', () => {
  const s = newGame(3, {}, 'apply');

  it('answers BAD_REQUEST for anything that is not an action', () => {
    for (const bad of [
      null,
      42,
      'end-turn',
      {},
      { type: 'fly-to-mecatol' },
      { type: 'purchase', unit: 'war-sun', count: 1 },
    ]) {
      const r = apply(s, 0, bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('BAD_REQUEST');
    }
  });

  it('answers NOT_YOUR_DECISION for a well-formed action nobody asked for', () => {
    const r = apply(s, 0, { type: 'end-turn' });
    expect(!r.ok && r.error.code).toBe('NOT_YOUR_DECISION');
  });

  it('answers UNKNOWN_SEAT for a seat outside the table', () => {
    for (const seat of [-1, 3, 1.5, Number.NaN]) {
      const r = apply(s, seat, { type: 'end-market' });
      expect(!r.ok && r.error.code).toBe('UNKNOWN_SEAT');
    }
  });

  it('uses only codes from the published list', () => {
    const codes = new Set<string>(ERROR_CODES);
    for (const [seat, action] of [
      [0, null],
      [0, { type: 'end-turn' }],
      [9, { type: 'end-market' }],
      [0, { type: 'make-offer', to: 0, credits: 1, cards: [] }],
    ] as const) {
      const r = apply(s, seat, action);
      if (!r.ok) expect(codes.has(r.error.code)).toBe(true);
    }
  });

  it('never throws and never changes a deep-frozen state, whatever it is sent', () => {
    const frozen = deepFreeze(newGame(4, {}, 'frozen'));
    const before = JSON.stringify(frozen);
    fc.assert(
      fc.property(fc.integer({ min: -2, max: 9 }), fc.anything(), (seat, action) => {
        const r = apply(frozen, seat, action);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
    const generated = fc.sample(anyShapedAction, 300);
    for (const action of generated) {
      for (let seat = 0; seat < 4; seat++) apply(frozen, seat, action);
    }
    expect(JSON.stringify(frozen)).toBe(before);
  });

  it('answers well-shaped actions in every phase of a game with a listed code, never INTERNAL_ERROR', () => {
    const generated = fc.sample(anyShapedAction, 40);
    const codes = new Set<string>(ERROR_CODES);
    const phases = new Set<string>();
    for (const n of [3, 8]) {
      let step = 0;
      randomPlay(newGame(n, { galaxy: { mode: 'build' } }, `shaped-${n}`), 600, n, (before) => {
        if (step++ % 5 !== 0) return;
        phases.add(before.phase.name);
        const frozen = deepFreeze(before);
        for (const action of generated) {
          for (let seat = 0; seat < n; seat++) {
            const r = apply(frozen, seat, action);
            if (!r.ok) {
              expect(r.error.code).not.toBe('INTERNAL_ERROR');
              expect(codes.has(r.error.code)).toBe(true);
            }
          }
        }
      });
    }
    expect(phases.size).toBeGreaterThanOrEqual(6);
  });

  it('accepts every action legalActions offers, for every seat, with 2 to 8 players', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 1, max: 10_000 }),
        (n, seed) => {
          const start = newGame(
            n,
            { galaxy: { mode: seed % 2 === 0 ? 'build' : 'auto' } },
            `all-${seed}`,
          );
          randomPlay(start, 150, seed, (before) => {
            for (const d of decisions(before)) {
              for (const a of legalActions(before, d.seat)) {
                const r = apply(before, d.seat, a);
                expect(r.ok ? 'ok' : `${JSON.stringify(a)}: ${r.error.message}`).toBe('ok');
              }
            }
          });
        },
      ),
      { numRuns: 7 },
    );
  });

  it('applies every legal action to a deep-frozen state without writing to it', () => {
    let s = newGame(3, { galaxy: { mode: 'build' } }, 'freeze-walk');
    for (let i = 0; i < 300 && s.phase.name !== 'game-over'; i++) {
      deepFreeze(s);
      const d = decisions(s)[0];
      if (d === undefined) throw new Error('no decision');
      for (const a of legalActions(s, d.seat)) {
        const r = apply(s, d.seat, a);
        expect(r.ok ? 'ok' : `${r.error.code}: ${r.error.message}`).toBe('ok');
      }
      const a = passAction(s, d.seat);
      const r = apply(s, d.seat, a);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
  });
});
