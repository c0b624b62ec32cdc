import { describe, expect, it } from 'vitest';
import { apply } from './apply.js';
import type { Action } from './actions/schema.js';
import type { GameState, Seat } from './state/types.js';
import { createGame } from './setup/create-game.js';
import { movementTable, withTiles, withUnits } from './testing/board.js';
import { options } from './testing/fixtures.js';
import { withPlayer } from './testing/fixtures.js';
import { finality, planUndo, type UndoStep } from './undo.js';

const RIFT = '0,-1';

/** Plays `actions` from `start`, keeping each step as the undo rules read history. */
function play(start: GameState, actions: [Seat, unknown][]): UndoStep[] {
  const steps: UndoStep[] = [];
  let state = start;
  for (const [seat, action] of actions) {
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    steps.push({ seq: steps.length + 1, seat, events: r.events, before: state, after: r.state });
    state = r.state;
  }
  return steps;
}

function riftTable() {
  const { state, seat } = movementTable('rift');
  const laid = withTiles(state, { [RIFT]: 'gravity-rift' }, 0);
  const s = withUnits(withUnits(laid, '-1,-1', seat, { cruiser: 2 }), RIFT, seat, { cruiser: 1 });
  return { s, seat };
}

const move = (from: string, to: string, cruiser: number): Action =>
  ({ type: 'move', from, path: [to], ships: { cruiser } }) as Action;

describe('Taking back a misclick (undo)', () => {
  it('a plain move is taken back, and the preview says what it undoes in the log words', () => {
    const { s, seat } = riftTable();
    const steps = play(s, [[seat, move('-1,-1', '-2,0', 2)]]);
    const plan = planUndo(steps, seat, ['Ann', 'Bo']);
    if (!plan.ok) throw new Error(plan.message);
    expect(plan).toMatchObject({ seq: 1, toSeq: 0, consentFrom: [] });
    expect(plan.lines.join(' ')).toMatch(/Ann moves 2 Cruisers from .* to /);
  });

  it('a die rolled since (OR-4.2 rift roll) makes the move final, and the refusal says so in words', () => {
    const { s, seat } = riftTable();
    const steps = play(s, [
      [seat, move('-1,-1', '-2,0', 1)],
      [seat, { type: 'rift-roll', hex: RIFT, unit: 'cruiser' }],
    ]);
    expect(finality(steps[0] as UndoStep)).toBeUndefined();
    expect(finality(steps[1] as UndoStep)).toBe('dice');
    const plan = planUndo(steps, seat, ['Ann', 'Bo']);
    expect(plan).toMatchObject({ ok: false, reason: 'dice' });
    if (plan.ok) return;
    expect(plan.message).toMatch(/^Cannot take back: dice were rolled since: .*rolls \d+ and/);
    expect(plan.message).toMatch(/What the dice decide stands\.$/);
  });

  it('a step that changed a hand (something hidden) is final too', () => {
    const { s, seat } = riftTable();
    const [step] = play(s, [[seat, move('-1,-1', '-2,0', 1)]]);
    if (step === undefined) throw new Error('no step');
    const drew = { ...step, after: withPlayer(step.after, seat, { hand: ['good-year#2'] }) };
    expect(finality(drew)).toBe('hidden');
    const plan = planUndo([drew], seat);
    expect(plan).toMatchObject({ ok: false, reason: 'hidden' });
  });

  it("another seat's step after it goes back too, with that seat's consent", () => {
    const { s, seat } = riftTable();
    const other = seat === 0 ? 1 : 0;
    const [mine] = play(s, [[seat, move('-1,-1', '-2,0', 1)]]);
    if (mine === undefined) throw new Error('no step');
    // A step of the other seat that changed nothing hidden (its shape is all the rules read).
    const theirs: UndoStep = {
      seq: 2,
      seat: other,
      events: [],
      before: mine.after,
      after: mine.after,
    };
    const plan = planUndo([mine, theirs], seat);
    expect(plan).toMatchObject({ ok: true, seq: 1, toSeq: 0, consentFrom: [other] });
    // The other seat's own last step is its own to take back, with nobody's consent.
    expect(planUndo([mine, theirs], other)).toMatchObject({ ok: true, seq: 2, consentFrom: [] });
  });

  it('nothing of the seat in the recent history: nothing to take back', () => {
    const { s, seat } = riftTable();
    const steps = play(s, [[seat, move('-1,-1', '-2,0', 1)]]);
    expect(planUndo(steps, seat === 0 ? 1 : 0)).toMatchObject({ ok: false, reason: 'nothing' });
    expect(planUndo([], seat)).toMatchObject({ ok: false, reason: 'nothing' });
  });

  it('BG-2 Market: an offer of credits alone, and its refusal, hide nothing: taken back with consent', () => {
    const start = createGame(options(2), 'undo-market');
    expect(start.phase.name).toBe('market');
    const offerId = start.phase.name === 'market' ? start.phase.nextOfferId : -1;
    const steps = play(start, [
      [0, { type: 'make-offer', to: 1, credits: 1, cards: [] }],
      [1, { type: 'decline-offer', offerId }],
    ]);
    expect(steps.map(finality)).toEqual([undefined, undefined]);
    expect(planUndo(steps, 0, ['Ann', 'Bo'])).toMatchObject({
      ok: true,
      seq: 1,
      toSeq: 0,
      consentFrom: [1],
    });
  });
});
