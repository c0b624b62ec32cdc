import type { HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import type { GameState } from '../state/types.js';
import { dice, ofType, quietPair, turnOf, withArrivals, withUnits } from '../testing/battle.js';
import { applied as step } from '../testing/apply.js';
import { deepFreeze } from '../testing/fixtures.js';
import { describeEvent } from '../views/describe.js';
import { systemName } from '../views/names.js';
import { eventsFor } from '../views/events-for.js';
import { view } from '../views/view.js';
import { cardIn, withHand } from './testing.js';

const RACES = { players: [{ race: 'sol' as const }, { race: 'letnev' as const }] };

/** A battle about to start at x: Sol (seat 0) attacks Letnev (seat 1), each with the given hand. */
function battle(hand0: string[], hand1: string[]): { s: GameState; x: HexKey } {
  const base = turnOf(0, 'movement', RACES);
  const [x, y] = quietPair(base);
  let s = withUnits(base, x, 0, { dreadnought: 1 });
  s = withUnits(s, x, 1, { cruiser: 1 });
  s = withArrivals(s, [x], { [x]: [y] });
  s = withHand(s, 0, hand0);
  s = withHand(s, 1, hand1);
  return { s: deepFreeze(s), x };
}

describe('BG-9 action-card window', () => {
  it('opens before a space battle round when a side holds a card for it, and asks both sides', () => {
    const { s, x } = battle(['morale-boost'], ['good-year']);
    const r = step(s, 0, { type: 'end-segment' });
    expect(r.state.window?.trigger).toEqual({
      kind: 'battle-round',
      hex: x,
      attacker: 0,
      defender: 1,
      round: 1,
    });
    // Seat 1 holds nothing for this moment, but is asked too: asking only holders would tell the table.
    expect(decisions(r.state).map((d) => [d.seat, d.kind])).toEqual([
      [0, 'card'],
      [1, 'card'],
    ]);
    expect(dice(r.events)).toEqual([]);
    expect(legalActions(r.state, 1)).toEqual([
      { type: 'pass-card' },
      { type: 'card-prompts', ask: false },
    ]);
    expect(legalActions(r.state, 0)).toContainEqual({
      type: 'play-card',
      card: cardIn(s, 0, 'morale-boost'),
    });
    // Nothing else may happen while the window is open.
    expect(apply(r.state, 0, { type: 'end-turn' }).ok).toBe(false);
  });

  it('does not open when nobody holds a card that fits the moment', () => {
    const { s } = battle(['good-year'], ['rare-mineral']);
    const r = step(s, 0, { type: 'end-segment' }, [1, 1]);
    expect(r.state.window).toBeUndefined();
    expect(ofType(r.events, 'battle-round')).toHaveLength(1);
  });

  it('a card played resolves when everyone has passed, and the step it held goes on (Morale Boost: +1)', () => {
    const { s, x } = battle(['morale-boost'], ['good-year']);
    const a = step(s, 0, { type: 'end-segment' });
    // Seat 1 holds no Sabotage: nobody is asked about the card, it resolves, and with nothing more
    // to play at this moment the window closes and the round is rolled, with the boost.
    const c = step(a.state, 0, { type: 'play-card', card: cardIn(s, 0, 'morale-boost') }, [3, 1]);
    expect(ofType(c.events, 'card-played')).toEqual([
      { type: 'card-played', seat: 0, card: cardIn(s, 0, 'morale-boost') },
    ]);
    expect(c.state.window).toBeUndefined();
    expect(dice(c.events).map((d) => d.purpose)).toEqual([
      `space battle in ${systemName(x, s.galaxy)}, round 1: Dreadnought, hit on 3+`,
      // Seat 1 starts with the Hylar V Assault Laser: its Cruisers get +1 (BG-9).
      `space battle in ${systemName(x, s.galaxy)}, round 1: Cruiser, hit on 7+`,
    ]);
    // "This round" only.
    expect(c.state.cardEffects).toEqual([]);
    expect(c.state.actionDiscard).toContain(cardIn(s, 0, 'morale-boost'));
  });

  it('Sabotage cancels a card as it is played; the stack resolves last in, first out', () => {
    const { s, x } = battle(['morale-boost'], ['sabotage']);
    const a = step(s, 0, { type: 'end-segment' });
    const mb = cardIn(s, 0, 'morale-boost');
    const sab = cardIn(s, 1, 'sabotage');
    const b = step(a.state, 0, { type: 'play-card', card: mb });
    expect(b.state.window?.stack).toEqual([{ seat: 0, card: mb }]);
    expect(decisions(b.state).map((d) => [d.seat, d.kind, d.prompt])).toEqual([
      [
        1,
        'card',
        'Sol Federation plays Morale Boost: play an action card, or pass.'.replace(
          'Sol Federation',
          b.state.players[0]?.name ?? '',
        ),
      ],
    ]);
    expect(legalActions(b.state, 1)).toContainEqual({ type: 'play-card', card: sab });
    const c = step(b.state, 1, { type: 'play-card', card: sab }, [3, 1]);
    expect(ofType(c.events, 'card-cancelled')).toEqual([
      { type: 'card-cancelled', seat: 0, card: mb, by: 1 },
    ]);
    expect(c.state.window).toBeUndefined();
    // The round is rolled without the boost.
    expect(dice(c.events).map((d) => d.purpose)[0]).toBe(
      `space battle in ${systemName(x, s.galaxy)}, round 1: Dreadnought, hit on 4+`,
    );
    expect(c.state.actionDiscard).toEqual(expect.arrayContaining([mb, sab]));
    for (const e of c.events) expect(describeEvent(e, ['Ann', 'Bob'])).not.toMatch(/#|undefined/);
    expect(ofType(c.events, 'card-cancelled').map((e) => describeEvent(e, ['Ann', 'Bob']))).toEqual(
      ["Bob's Sabotage cancels Ann's Morale Boost."],
    );
  });

  it('a seat that chose "never ask me" is not waited for, and may switch asking back on at any time', () => {
    const { s } = battle(['morale-boost'], ['good-year']);
    const quiet = step(s, 1, { type: 'card-prompts', ask: false });
    expect(quiet.state.neverAsk).toEqual([1]);
    const a = step(quiet.state, 0, { type: 'end-segment' });
    expect(decisions(a.state).map((d) => d.seat)).toEqual([0]);
    // Nobody asks seat 0's opponent: it passes by itself; seat 0 passing closes the window.
    const b = step(a.state, 0, { type: 'pass-card' }, [1, 1]);
    expect(b.state.window).toBeUndefined();
    expect(ofType(b.events, 'battle-round')).toHaveLength(1);
    // Setting it while asked counts as passing.
    const c = step(a.state, 0, { type: 'card-prompts', ask: false }, [1, 1]);
    expect(c.state.window).toBeUndefined();
    expect(step(c.state, 1, { type: 'card-prompts', ask: true }).state.neverAsk).toEqual([0]);
  });

  it('a seat whose only fitting card-holders chose "never ask me" gets no window at all', () => {
    const { s } = battle(['morale-boost'], []);
    const quiet = step(s, 0, { type: 'card-prompts', ask: false });
    const r = step(quiet.state, 0, { type: 'end-segment' }, [1, 1]);
    expect(r.state.window).toBeUndefined();
  });

  it('keeps hands hidden: views agree with the state on decisions and legal actions, and a played card becomes public', () => {
    const { s } = battle(['morale-boost'], ['sabotage']);
    const a = step(s, 0, { type: 'end-segment' });
    for (const seat of [0, 1]) {
      const v = view(a.state, seat);
      expect(decisions(v)).toEqual(decisions(a.state));
      expect(legalActions(v, seat)).toEqual(legalActions(a.state, seat));
      expect(v.players[1 - seat]?.hand).toBeUndefined();
    }
    const mb = cardIn(s, 0, 'morale-boost');
    const sab = cardIn(s, 1, 'sabotage');
    const spectator = JSON.stringify(view(a.state, 'spectator'));
    expect(spectator).not.toContain(sab);
    expect(spectator).not.toContain(mb);
    expect(JSON.stringify(view(a.state, 1))).not.toContain(mb);
    const b = step(a.state, 0, { type: 'play-card', card: mb });
    expect(JSON.stringify(view(b.state, 'spectator'))).toContain(mb);
    expect(JSON.stringify(view(b.state, 0))).not.toContain(sab);
    expect(JSON.stringify(eventsFor(b.events, 'spectator'))).not.toContain(sab);
  });

  it('refuses a card that is not in the hand, or does not fit the moment, changing nothing', () => {
    const { s } = battle(['morale-boost', 'good-year'], ['sabotage']);
    const a = step(s, 0, { type: 'end-segment' });
    const notMine = apply(a.state, 0, { type: 'play-card', card: cardIn(s, 1, 'sabotage') });
    expect(!notMine.ok && notMine.error.code).toBe('ILLEGAL_ACTION');
    const wrongMoment = apply(a.state, 0, { type: 'play-card', card: cardIn(s, 0, 'good-year') });
    expect(!wrongMoment.ok && wrongMoment.error.message).toBe(
      'Good Year cannot be played at this moment.',
    );
    const wrongTarget = apply(a.state, 0, {
      type: 'play-card',
      card: cardIn(s, 0, 'morale-boost'),
      target: { seat: 1 },
    });
    expect(!wrongTarget.ok && wrongTarget.error.code).toBe('ILLEGAL_ACTION');
    const notAsked = apply(a.state, 1, { type: 'end-turn' });
    expect(!notAsked.ok && notAsked.error.code).toBe('NOT_YOUR_DECISION');
  });
});

describe('BG-2 / BG-9 ending the turn as the Movement segment begins (its card window)', () => {
  /** Seat 0's turn in the leaders' segment (OR-6.2 on), with the given hands. */
  function leadersSegment(hand0: string[], hand1: string[]): GameState {
    let s = turnOf(0, 'leaders-board', { ...RACES, leaders: true });
    s = withHand(s, 0, hand0);
    s = withHand(s, 1, hand1);
    return deepFreeze(s);
  }
  const turnEnded = (events: readonly { type: string }[]) =>
    events.filter((e) => e.type === 'turn-ended').length;

  it('a player holding no card for the moment is not asked; when the others pass, the turn ends', () => {
    const s = leadersSegment(['good-year'], ['signal-jamming']);
    const r = step(s, 0, { type: 'end-turn' });
    expect(r.state.window?.asked).toEqual([0, 1]);
    expect(r.state.window?.passed).toEqual([0]);
    expect(decisions(r.state).map((d) => [d.seat, d.kind])).toEqual([[1, 'card']]);
    expect(legalActions(r.state, 0)).toEqual([]);
    // The view of each seat agrees (nothing of seat 0's hand is needed to see who is waited for).
    expect(legalActions(view(r.state, 1), 1)).toEqual(legalActions(r.state, 1));
    const done = step(r.state, 1, { type: 'pass-card' });
    expect(done.state.window).toBeUndefined();
    expect(turnEnded(done.events)).toBe(1);
    expect(done.state.phase).toMatchObject({ name: 'individual-turns', active: 1, done: [0] });
  });

  it('a player holding a card that fits is still asked; passing ends the turn', () => {
    const s = leadersSegment(['flank-speed'], ['signal-jamming']);
    const r = step(s, 0, { type: 'end-turn' });
    expect(r.state.window?.passed).toEqual([]);
    expect(legalActions(r.state, 0)).toContainEqual({
      type: 'play-card',
      card: cardIn(s, 0, 'flank-speed'),
    });
    const one = step(r.state, 1, { type: 'pass-card' });
    expect(turnEnded(one.events)).toBe(0);
    const two = step(one.state, 0, { type: 'pass-card' });
    expect(turnEnded(two.events)).toBe(1);
    expect(two.state.phase).toMatchObject({ active: 1, done: [0] });
  });

  it('a player who plays a card instead stays in the Movement segment to use it', () => {
    const s = leadersSegment(['flank-speed'], []);
    const r = step(s, 0, { type: 'end-turn' });
    const played = step(r.state, 0, { type: 'play-card', card: cardIn(s, 0, 'flank-speed') });
    expect(played.state.window).toBeUndefined();
    expect(turnEnded(played.events)).toBe(0);
    expect(played.state.phase).toMatchObject({ active: 0, segment: 'movement', done: [] });
    expect(decisions(played.state).map((d) => [d.seat, d.kind])).toEqual([[0, 'turn']]);
  });

  it('another player’s card played meanwhile does not bring the ending player back', () => {
    const s = leadersSegment(['good-year'], ['signal-jamming']);
    const r = step(s, 0, { type: 'end-turn' });
    const jam = legalActions(r.state, 1).find((a) => a.type === 'play-card');
    if (jam === undefined) throw new Error('Signal Jamming is not offered');
    const after = step(r.state, 1, jam);
    // Seat 0 holds no Sabotage: nobody is left to answer, the card resolves and the turn ends.
    expect(ofType(after.events, 'card-resolved')).toHaveLength(1);
    expect(after.state.window).toBeUndefined();
    expect(turnEnded(after.events)).toBe(1);
  });

  it('ending the turn from the Movement segment itself is unchanged (no window opens there)', () => {
    const s = deepFreeze(
      withHand(turnOf(0, 'movement', { ...RACES, leaders: true }), 1, ['signal-jamming']),
    );
    const r = step(s, 0, { type: 'end-turn' });
    expect(turnEnded(r.events)).toBe(1);
  });
});
