import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { planetUnits } from '../combat/forces.js';
import { decisions } from '../decisions.js';
import type { GameState } from '../state/types.js';
import { ofType, quietPair, withTile, withUnits } from '../testing/battle.js';
import { deepFreeze, withPlayer } from '../testing/fixtures.js';
import { FOR, councilTable, openCouncil, phaseActions, voteAll } from '../testing/politics.js';
import { describeEvent } from '../views/describe.js';
import { view } from '../views/view.js';
import { HOPES_END } from './names.js';

/** Sol (seat 0) holds Hopes End with `gf` Ground Forces and `sf` Shock Forces there. */
function hopesEnd(gf: number, sf = 0, extra: Partial<GameState['options']> = {}) {
  let s = councilTable();
  const [hex] = quietPair(s);
  s = withTile(s, hex, 'hopes-end');
  s = { ...s, options: { ...s.options, ...extra } };
  s = { ...s, planets: { ...s.planets, [HOPES_END]: { hex, owner: 0 } } };
  s = withUnits(s, hex, 0, { 'ground-force': gf, 'shock-force': sf }, HOPES_END);
  return { s: deepFreeze(s), hex };
}

describe('OR-6.1 Hopes End', () => {
  it('its owner may pay 1 credit to turn one Ground Force there into a Shock Force, once per Political phase', () => {
    const { s, hex } = hopesEnd(2);
    const { state } = openCouncil(s, ['free-trade#1']);
    expect(decisions(state).map((d) => [d.seat, d.kind])).toEqual([
      [0, 'hopes-end'],
      [1, 'vote'],
    ]);
    expect(phaseActions(state, 0)).toEqual([
      { type: 'hopes-end', convert: true },
      { type: 'hopes-end', convert: false },
    ]);
    const credits = state.players[0]?.credits ?? 0;
    const r = apply(state, 0, { type: 'hopes-end', convert: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(planetUnits(r.state, hex, HOPES_END, 0)).toEqual({
      'ground-force': 1,
      'shock-force': 1,
    });
    expect(r.state.players[0]?.credits).toBe(credits - 1);
    expect(ofType(r.events, 'hopes-end-converted')).toEqual([
      { type: 'hopes-end-converted', seat: 0, planet: HOPES_END, cost: 1 },
    ]);
    expect(describeEvent(r.events[0] ?? { type: 'round-started', round: 0 }, ['Ann'])).toBe(
      'Ann pays 1 credit: a Ground Force on Hopes End becomes a Shock Force.',
    );
    // Once per phase: no second offer, and a second conversion is refused.
    expect(decisions(r.state).map((d) => d.kind)).toEqual(['vote']);
    const again = apply(r.state, 0, { type: 'hopes-end', convert: true });
    expect(again.ok ? 'accepted' : again.error.code).toBe('NOT_YOUR_DECISION');
  });

  it('the phase waits for the owner’s answer even after the vote', () => {
    const { s } = hopesEnd(1);
    const { state } = openCouncil(s, ['free-trade#1']);
    const voted = voteAll(state, () => FOR);
    expect(voted.state.phase.name).toBe('political');
    expect(decisions(voted.state).map((d) => [d.seat, d.kind])).toEqual([[0, 'hopes-end']]);
    const r = apply(voted.state, 0, { type: 'hopes-end', convert: false });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.phase.name).not.toBe('political');
  });

  it('is not offered at the limit of 3 Shock Forces, without a credit, without a Ground Force there, or without the option', () => {
    const atLimit = hopesEnd(1, 3).s;
    const poor = withPlayer(hopesEnd(1).s, 0, { credits: 0 });
    const noGround = hopesEnd(0, 1).s;
    const off = hopesEnd(1, 0, { shockForces: false }).s;
    for (const s of [atLimit, poor, noGround, off]) {
      const { state } = openCouncil(s, ['free-trade#1']);
      expect(decisions(state).map((d) => d.kind)).toEqual(['vote']);
      const r = apply(state, 0, { type: 'hopes-end', convert: true });
      expect(r.ok ? 'accepted' : r.error.code).toBe('NOT_YOUR_DECISION');
    }
  });
});

describe('OR-6.2 Diplomat on Mecatol Rex picks the agenda', () => {
  function diplomatTable(): GameState {
    let s = councilTable();
    s = { ...s, options: { ...s.options, leaders: true } };
    s = { ...s, planets: { ...s.planets, 'Mecatol Rex': { hex: '0,0', owner: 0 } } };
    s = withUnits(s, '0,0', 0, { 'ground-force': 1 }, 'Mecatol Rex');
    return deepFreeze(
      withPlayer(s, 0, {
        leaders: [
          { id: 'diplomat', type: 'diplomat', status: 'active', hex: '0,0', planet: 'Mecatol Rex' },
        ],
      }),
    );
  }

  it('its owner picks from the top three, seen only by it; the other two go back into the deck', () => {
    const top = ['free-trade#1', 'humane-labor#1', 'minister-of-war#1'];
    const { state } = openCouncil(diplomatTable(), top);
    expect(decisions(state)).toEqual([expect.objectContaining({ seat: 0, kind: 'pick-agenda' })]);
    expect(phaseActions(state, 0)).toEqual(top.map((card) => ({ type: 'pick-agenda', card })));
    const other = view(state, 1);
    expect(other.phase.name === 'political' ? other.phase.choices : []).toEqual([
      'hidden',
      'hidden',
      'hidden',
    ]);
    const bad = apply(state, 0, { type: 'pick-agenda', card: 'revote#1' });
    expect(bad.ok ? 'accepted' : bad.error.code).toBe('ILLEGAL_ACTION');
    const r = apply(state, 0, { type: 'pick-agenda', card: 'humane-labor#1' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.phase).toMatchObject({ step: 'vote', agenda: 'humane-labor#1' });
    expect(r.state.politics?.deck).toHaveLength(19);
    expect(r.state.politics?.deck).toEqual(
      expect.arrayContaining(['free-trade#1', 'minister-of-war#1']),
    );
    expect(ofType(r.events, 'agenda-picked')).toEqual([
      { type: 'agenda-picked', seat: 0, card: 'humane-labor#1' },
    ]);
  });

  it('without the leaders option the top card is the agenda', () => {
    const s = diplomatTable();
    const { state } = openCouncil({ ...s, options: { ...s.options, leaders: false } }, [
      'free-trade#1',
    ]);
    expect(state.phase).toMatchObject({ step: 'vote', agenda: 'free-trade#1' });
  });
});

describe('OR-6.2 captives before the agenda (BG-8 call point)', () => {
  it('the Political phase asks each captor first, then draws the agenda', () => {
    let s = councilTable();
    s = { ...s, options: { ...s.options, leaders: true } };
    s = withPlayer(s, 0, {
      leaders: [{ id: 'sol-general', type: 'general', status: 'captured', captor: 1 }],
    });
    s = withPlayer(s, 1, { captives: [{ owner: 0, leaderId: 'sol-general' }] });
    const { state, events } = openCouncil(s, ['free-trade#1']);
    expect(state.phase).toMatchObject({ step: 'before-agenda' });
    expect(ofType(events, 'agenda-revealed')).toEqual([]);
    expect(decisions(state).map((d) => [d.seat, d.kind])).toEqual([[1, 'captive']]);
    const r = apply(state, 1, { type: 'captive', leader: 'sol-general' });
    if (!r.ok) throw new Error(r.error.message);
    expect(ofType(r.events, 'agenda-revealed')).toEqual([
      { type: 'agenda-revealed', card: 'free-trade#1' },
    ]);
    expect(r.state.players[1]?.captives).toHaveLength(1);
  });
});
