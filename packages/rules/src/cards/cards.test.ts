import { hexKey, type HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { ACTION_CARDS } from '../content/action-cards.js';
import { planetUnits, spaceUnits } from '../combat/forces.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import { moveValue, movableCount, passesShips } from '../movement/rules.js';
import { planetDef } from '../state/board.js';
import { Draft } from '../state/draft.js';
import type { GameState, Seat, UnitCounts } from '../state/types.js';
import {
  cleared,
  dice,
  home,
  landing,
  ofType,
  openNeighbour,
  quietPair,
  setOwner,
  turnOf,
  withArrivals,
  withUnits,
} from '../testing/battle.js';
import { applied, type Readable } from '../testing/apply.js';
import { deepFreeze } from '../testing/fixtures.js';
import { describeEvent } from '../views/describe.js';
import { eventsFor } from '../views/events-for.js';
import { RULED_CARDS } from './catalogue.js';
import { annexablePlanets } from './movement-cards.js';
import { skilledRetreatTargets } from './retreat.js';
import { cardIn, withHand } from './testing.js';
import type { CardTarget, WindowTrigger } from './types.js';
import { openWindow } from './window.js';

const RACES = { players: [{ race: 'sol' as const }, { race: 'letnev' as const }] };
const NAMES = ['Ann', 'Bob'];

// Names, never ids: no card instance, and no system by its key (`0,-3`).
const READABLE: Readable = {
  names: NAMES,
  unreadable: /undefined|NaN|#|(?<![\w.,-])-?\d,-?\d(?![\w,])/,
};

function step(s: GameState, seat: number, action: unknown, rolls: number[] = []) {
  return applied(s, seat, action, rolls, READABLE);
}

/** Opens the window at `trigger` directly (as its owning module does) and returns the waiting state. */
function opened(s: GameState, trigger: WindowTrigger): GameState {
  const d = new Draft(s);
  expect(openWindow(d, trigger)).toBe(true);
  return deepFreeze(d.finish());
}

/** Plays `id` from `seat`'s hand on `target`, then everyone else asked passes until the window closes. */
function play(s: GameState, seat: Seat, id: string, target?: CardTarget, rolls: number[] = []) {
  const card = cardIn(s, seat, id);
  const first = step(
    s,
    seat,
    target === undefined ? { type: 'play-card', card } : { type: 'play-card', card, target },
    rolls,
  );
  let state = first.state;
  const events = [...first.events];
  for (
    let i = 0;
    i < 20 && state.window !== undefined && state.window.proposal === undefined;
    i++
  ) {
    const next = decisions(state)[0];
    if (next === undefined) break;
    const r = step(state, next.seat, { type: 'pass-card' });
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

function movementStart(hand0: string[], hand1: string[] = []): GameState {
  let s = turnOf(0, 'movement', RACES);
  s = withHand(s, 0, hand0);
  s = withHand(s, 1, hand1);
  return opened(s, { kind: 'movement-start', seat: 0 });
}

describe('BG-9 the action deck', () => {
  it('every card of the deck has a rule (its timing window and effect)', () => {
    expect([...RULED_CARDS].sort()).toEqual(ACTION_CARDS.map((c) => c.id).sort());
  });
});

describe('BG-9 Skilled Retreat', () => {
  function battle(): { s: GameState; x: HexKey; y: HexKey } {
    const base = turnOf(0, 'movement', RACES);
    const [x, y] = quietPair(base);
    let s = withUnits(base, x, 0, { dreadnought: 1 });
    s = withUnits(s, x, 1, { cruiser: 2, carrier: 1, fighter: 2 });
    s = withArrivals(s, [x], { [x]: [y] });
    s = withHand(s, 1, ['skilled-retreat']);
    return { s: deepFreeze(s), x, y };
  }

  it('before a round in which it defends, a fleet withdraws to an adjacent friendly or empty system and the battle ends', () => {
    const { s, x, y } = battle();
    const a = step(s, 0, { type: 'end-segment' });
    expect(a.state.window?.trigger.kind).toBe('battle-round');
    const targets = skilledRetreatTargets(a.state, x, 1);
    // The system the attacker came from holds no ships, so it is empty and open; one with the attacker's is not.
    expect(targets).toContain(y);
    const to = openNeighbour(s, x);
    const r = play(a.state, 1, 'skilled-retreat', { toHex: to });
    expect(spaceUnits(r.state, x, 1)).toEqual({});
    expect(spaceUnits(r.state, to, 1)).toEqual({ cruiser: 2, carrier: 1, fighter: 2 });
    expect(dice(r.events)).toEqual([]);
    expect(ofType(r.events, 'battle-ended')).toEqual([
      {
        type: 'battle-ended',
        hex: x,
        winner: 0,
        reason: 'the defender withdraws (Skilled Retreat)',
      },
    ]);
    expect(
      r.state.phase.name === 'individual-turns' && r.state.phase.combat?.battle,
    ).toBeUndefined();
  });

  it('never into a system holding another player’s ships, and only for the defender', () => {
    const { s, x } = battle();
    const to = openNeighbour(s, x);
    const blocked = withUnits(s, to, 0, { cruiser: 1 });
    const a = step(blocked, 0, { type: 'end-segment' });
    expect(skilledRetreatTargets(a.state, x, 1)).not.toContain(to);
    expect(skilledRetreatTargets(a.state, x, 0)).toEqual([]);
    const r = apply(a.state, 1, {
      type: 'play-card',
      card: cardIn(s, 1, 'skilled-retreat'),
      target: { toHex: to },
    });
    expect(!r.ok && r.error.code).toBe('ILLEGAL_ACTION');
  });
});

describe('BG-9 Morale Boost and Into the Breach', () => {
  it('Into the Breach: enemy PDS do not fire in the space battles of the turn', () => {
    const base = turnOf(0, 'movement', RACES);
    const h = home(base, 1);
    let s = withUnits(cleared(base, h), h, 0, { dreadnought: 1 });
    s = withUnits(s, h, 1, { pds: 2 }, 'Arc Prime');
    s = withArrivals(s, [h], {});
    s = withHand(s, 0, ['into-the-breach']);
    const a = step(deepFreeze(s), 0, { type: 'end-segment' });
    expect(a.state.window?.trigger).toEqual({ kind: 'space-battle-start', seat: 0 });
    const r = play(a.state, 0, 'into-the-breach');
    expect(dice(r.events)).toEqual([]);
    expect(ofType(r.events, 'battle-ended').map((e) => e.reason)).toEqual(['the PDS have fired']);
  });
});

describe('BG-9 cards before the Movement segment', () => {
  it('Flank Speed: every ship moves one more this turn', () => {
    const s = movementStart(['flank-speed']);
    const before = moveValue(s, 0, 'cruiser');
    const r = play(s, 0, 'flank-speed');
    expect(moveValue(r.state, 0, 'cruiser')).toBe(before + 1);
    expect(moveValue(r.state, 0, 'dreadnought')).toBe(moveValue(s, 0, 'dreadnought') + 1);
    expect(moveValue(r.state, 1, 'cruiser')).toBe(before);
    // It ends with the turn.
    const ended = step(r.state, 0, { type: 'end-turn' });
    expect(ended.state.cardEffects).toEqual([]);
  });

  it('In the Silence of Space: the ships pass systems holding other players’ ships this turn', () => {
    const s = movementStart(['in-the-silence-of-space']);
    expect(passesShips(s, 0)).toBe(false);
    expect(passesShips(play(s, 0, 'in-the-silence-of-space').state, 0)).toBe(true);
  });

  it('Signal Jamming: another player stops one of the active player’s fleets for the turn', () => {
    const base = turnOf(0, 'movement', RACES);
    const h = home(base, 0);
    let s = withHand(base, 1, ['signal-jamming']);
    s = opened(s, { kind: 'movement-start', seat: 0 });
    expect(movableCount(s, phaseOf(s), 0, h, 'carrier')).toBeGreaterThan(0);
    expect(legalActions(s, 0).some((a) => a.type === 'play-card')).toBe(false);
    const r = play(s, 1, 'signal-jamming', { hex: h });
    expect(movableCount(r.state, phaseOf(r.state), 0, h, 'carrier')).toBe(0);
    expect(legalActions(r.state, 0).filter((a) => a.type === 'move' && a.from === h)).toEqual([]);
    expect(
      describeEvent(ofType(r.events, 'fleet-jammed')[0] ?? { type: 'turn-ended', seat: 0 }, NAMES),
    ).toMatch(/^Bob jams the signals of Ann's fleet/);
  });

  it('Lucky Shot: destroys an enemy ship in a system with a planet of the player and none of its ships', () => {
    const base = turnOf(0, 'movement', RACES);
    const h = home(base, 0);
    let s = withUnits(cleared(base, h), h, 1, { cruiser: 1, carrier: 1 });
    s = withUnits(s, h, 0, { 'ground-force': 1 }, 'Jord');
    s = opened(withHand(s, 0, ['lucky-shot']), { kind: 'movement-start', seat: 0 });
    const units = legalActions(s, 0).flatMap((a) =>
      a.type === 'play-card' ? [a.target?.unit] : [],
    );
    expect(units.sort()).toEqual(['carrier', 'cruiser']);
    const r = play(s, 0, 'lucky-shot', { hex: h, seat: 1, unit: 'cruiser' });
    expect(spaceUnits(r.state, h, 1)).toEqual({ carrier: 1 });
  });

  it('Transit Diodes: up to 3 Ground Forces move between the player’s planets', () => {
    const base = turnOf(0, 'movement', RACES);
    const h = home(base, 0);
    let s = withUnits(base, h, 0, { 'ground-force': 4 }, 'Jord');
    s = setOwner(s, 'Arc Prime', 0);
    s = opened(withHand(s, 0, ['transit-diodes']), { kind: 'movement-start', seat: 0 });
    const r = play(s, 0, 'transit-diodes', { planet: 'Jord', to: 'Arc Prime', count: 3 });
    expect(planetUnits(r.state, h, 'Jord', 0)['ground-force']).toBe(1);
    expect(planetUnits(r.state, home(s, 1), 'Arc Prime', 0)['ground-force']).toBe(3);
    const four = apply(s, 0, {
      type: 'play-card',
      card: cardIn(s, 0, 'transit-diodes'),
      target: { planet: 'Jord', to: 'Arc Prime', count: 4 },
    });
    expect(four.ok).toBe(false);
  });

  it('Spatial Jump: one fleet goes to any system, each ship lost on 8-10, and moves no more this turn', () => {
    const base = turnOf(0, 'movement', RACES);
    const [x] = quietPair(base);
    let s = withUnits(base, x, 0, { cruiser: 2, carrier: 1, 'ground-force': 2 });
    s = opened(withHand(s, 0, ['spatial-jump']), { kind: 'movement-start', seat: 0 });
    const far = home(s, 1);
    // The Carrier rolls 3 (kept), the Cruisers 9 (lost) and 2; the Ground Forces stay aboard the Carrier.
    const r = play(s, 0, 'spatial-jump', { hex: x, toHex: far }, [3, 9, 2]);
    expect(dice(r.events).map((d) => d.rolls)).toEqual([[3], [9, 2]]);
    expect(spaceUnits(r.state, x, 0)).toEqual({});
    expect(spaceUnits(r.state, far, 0)).toEqual({ cruiser: 1, carrier: 1, 'ground-force': 2 });
    expect(movableCount(r.state, phaseOf(r.state), 0, far, 'cruiser')).toBe(0);
  });

  it('OR-6.2 Spatial Jump: a leader aboard a Fighter jumps with the Fighters when its owner names its ship; unnamed, it stays with the Fighters left behind', () => {
    const base = turnOf(0, 'movement', { ...RACES, leaders: true });
    const h = home(base, 0);
    // The Spacedock holds 2 Fighters; the Carrier takes 5 of the 6 along, one stays.
    let s = withUnits(cleared(base, h), h, 0, { spacedock: 1, 'ground-force': 1 }, 'Jord');
    s = withUnits(s, h, 0, { carrier: 1, fighter: 6 });
    s = {
      ...s,
      players: s.players.map((p, i) =>
        i !== 0
          ? p
          : {
              ...p,
              leaders: p.leaders.map((l) =>
                l.type === 'admiral' ? { ...l, hex: h, planet: undefined, ship: 'fighter' } : l,
              ),
            },
      ),
    } as GameState;
    s = opened(withHand(s, 0, ['spatial-jump']), { kind: 'movement-start', seat: 0 });
    const far = home(s, 1);
    const admiral = (state: GameState) =>
      state.players[0]?.leaders.find((l) => l.type === 'admiral');
    const card = cardIn(s, 0, 'spatial-jump');
    expect(legalActions(s, 0)).toContainEqual({
      type: 'play-card',
      card,
      target: { hex: h, toHex: far, leaderShips: ['fighter'] },
    });
    // No ship is lost in the jump (every die 1).
    const rolls = [1, 1, 1, 1, 1, 1, 1];
    const named = play(
      s,
      0,
      'spatial-jump',
      { hex: h, toHex: far, leaderShips: ['fighter'] },
      rolls,
    );
    expect(spaceUnits(named.state, far, 0)).toEqual({ carrier: 1, fighter: 5 });
    expect(admiral(named.state)).toMatchObject({ hex: far, ship: 'fighter' });
    const unnamed = play(s, 0, 'spatial-jump', { hex: h, toHex: far }, rolls);
    expect(admiral(unnamed.state)).toMatchObject({ hex: h, ship: 'fighter' });
    // Naming a kind with no leader aboard is refused with the reason; nothing changes.
    const r = apply(s, 0, {
      type: 'play-card',
      card,
      target: { hex: h, toHex: far, leaderShips: ['carrier'] },
    });
    expect(r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`).toBe(
      'ILLEGAL_ACTION: No leader of yours is aboard a Carrier there (OR-6.2).',
    );
  });

  // Found by random play (seed 882385, 5 players): the lost Carrier's cargo was counted with the
  // Fighters the Spacedock supports, so a Ground Force was left in space with no Carrier.
  it('Spatial Jump: a lost Carrier takes its cargo, never the Fighters a Spacedock supports', () => {
    const base = turnOf(0, 'movement', { ...RACES, leaders: true });
    const h = home(base, 0);
    let s = withUnits(cleared(base, h), h, 0, { spacedock: 1, 'ground-force': 1 }, 'Jord');
    s = withUnits(s, h, 0, { carrier: 1, cruiser: 1, fighter: 2, 'ground-force': 2 });
    s = {
      ...s,
      players: s.players.map((p, i) =>
        i !== 0
          ? p
          : {
              ...p,
              leaders: p.leaders.map((l) =>
                l.type === 'admiral' ? { ...l, hex: h, planet: undefined, ship: 'cruiser' } : l,
              ),
            },
      ),
    } as GameState;
    s = opened(withHand(s, 0, ['spatial-jump']), { kind: 'movement-start', seat: 0 });
    const [, far] = quietPair(s);
    // The Carrier rolls 10 (lost), the Cruiser 2, the Fighters 3 and 8 (one lost).
    const r = play(s, 0, 'spatial-jump', { hex: h, toHex: far }, [10, 2, 3, 8]);
    expect(ofType(r.events, 'units-destroyed').map((e) => e.units)).toEqual([
      { carrier: 1, fighter: 1 },
      { 'ground-force': 2 },
    ]);
    // The Spacedock still holds the Fighter left; the Cruiser jumps with the Admiral aboard.
    expect(spaceUnits(r.state, h, 0)).toEqual({ fighter: 1 });
    expect(spaceUnits(r.state, far, 0)).toEqual({ cruiser: 1 });
    const admiral = r.state.players[0]?.leaders.find((l) => l.type === 'admiral');
    expect(admiral).toMatchObject({ status: 'active', hex: far, ship: 'cruiser' });
  });

  it('Spatial Jump: Fighters a Spacedock supports beyond what the Carriers hold stay behind', () => {
    const base = turnOf(0, 'movement', RACES);
    const h = home(base, 0);
    let s = withUnits(cleared(base, h), h, 0, { spacedock: 1, 'ground-force': 1 }, 'Jord');
    // The Carrier holds 5: four Ground Forces and one Fighter; the Spacedock supports the other two.
    s = withUnits(s, h, 0, { carrier: 1, fighter: 3, 'ground-force': 4 });
    s = opened(withHand(s, 0, ['spatial-jump']), { kind: 'movement-start', seat: 0 });
    const [, far] = quietPair(s);
    const r = play(s, 0, 'spatial-jump', { hex: h, toHex: far }, [1, 1, 1, 1]);
    expect(spaceUnits(r.state, far, 0)).toEqual({ carrier: 1, 'ground-force': 4, fighter: 1 });
    expect(spaceUnits(r.state, h, 0)).toEqual({ fighter: 2 });
  });
});

/** A planet outside every home system, with its place. */
function outsideHomes(s: GameState, minInfluence = 0): [string, { hex: HexKey }] {
  const homes = s.galaxy.homes.map((h) => hexKey(h));
  const found = Object.entries(s.planets).find(
    ([name, p]) =>
      (planetDef(name)?.influence ?? 0) >= minInfluence &&
      !homes.includes(p.hex) &&
      !s.minorRaces.some((m) => m.hex === p.hex) &&
      p.owner === null,
  );
  if (found === undefined) throw new Error('no planet outside the homes');
  return found;
}

function phaseOf(s: GameState) {
  if (s.phase.name !== 'individual-turns') throw new Error('not in a turn');
  return s.phase;
}

describe('OR-2.2 / BG-9 Voluntary Annexation', () => {
  /** Seat 0 controls every planet of system a; the planets of b, next to it, are neutral and empty. */
  function annexBoard(): { s: GameState; a: HexKey; b: HexKey; planet: string } {
    const base = turnOf(0, 'movement', RACES);
    for (const a of Object.keys(base.galaxy.tiles) as HexKey[]) {
      const mine = Object.entries(base.planets).filter(([, p]) => p.hex === a);
      if (mine.length === 0 || a === home(base, 1)) continue;
      for (const [name, p] of Object.entries(base.planets)) {
        if (p.hex === a || p.owner !== null) continue;
        const [q = 0, r = 0] = a.split(',').map(Number);
        const [q2 = 0, r2 = 0] = p.hex.split(',').map(Number);
        const dist = (Math.abs(q - q2) + Math.abs(r - r2) + Math.abs(q + r - q2 - r2)) / 2;
        if (dist !== 1 || base.minorRaces.some((m) => m.hex === p.hex)) continue;
        let s = cleared(cleared(base, a), p.hex);
        for (const [n] of mine) s = setOwner(s, n, 0);
        for (const [n2, p2] of Object.entries(base.planets))
          if (p2.hex === p.hex) s = setOwner(s, n2, null);
        // Seat 0 controls nothing else next to b except a.
        return { s, a, b: p.hex, planet: name };
      }
    }
    throw new Error('no two neighbouring planet systems');
  }

  it('takes one neutral planet in a system next to one the player controls', () => {
    const { s: s0, planet } = annexBoard();
    const s = opened(withHand(s0, 0, ['voluntary-annexation']), {
      kind: 'movement-start',
      seat: 0,
    });
    expect(annexablePlanets(s, 0)).toContain(planet);
    const r = play(s, 0, 'voluntary-annexation', { planet });
    expect(r.state.planets[planet]?.owner).toBe(0);
    expect(ofType(r.events, 'planet-annexed')).toHaveLength(1);
  });

  it('never a minor race’s planet, even a neutral one', () => {
    const { s: s0, b, planet } = annexBoard();
    const minor = { ...s0, minorRaces: [...s0.minorRaces, { race: 'naalu' as const, hex: b }] };
    expect(annexablePlanets(minor, 0)).not.toContain(planet);
    const owned = setOwner(s0, planet, 'minor:naalu');
    expect(annexablePlanets(owned, 0)).not.toContain(planet);
    const s = opened(withHand(minor, 0, ['voluntary-annexation', 'flank-speed']), {
      kind: 'movement-start',
      seat: 0,
    });
    const r = apply(s, 0, {
      type: 'play-card',
      card: cardIn(s, 0, 'voluntary-annexation'),
      target: { planet },
    });
    expect(!r.ok && r.error.code).toBe('ILLEGAL_ACTION');
  });
});

describe('BG-9 invasion cards', () => {
  function invasion(hand0: string[], hand1: string[]) {
    const base = turnOf(0, 'invasion-combat', RACES);
    const h = home(base, 1);
    let s = cleared(base, h);
    s = withUnits(s, h, 0, { carrier: 1, 'ground-force': 3 });
    s = withUnits(s, h, 1, { 'ground-force': 3 }, 'Arc Prime');
    s = withHand(withHand(s, 0, hand0), 1, hand1);
    const land = landing(h, 'Arc Prime', { groundForces: 3 });
    const a = step(deepFreeze(s), 0, land);
    return { a, h };
  }

  it('Chemical Warfare: before the invasion, 2 defending Ground Forces die', () => {
    const { a, h } = invasion(['chemical-warfare'], []);
    expect(a.state.window?.trigger.kind).toBe('invasion');
    const r = play(a.state, 0, 'chemical-warfare', undefined, [10, 10, 10, 1]);
    expect(ofType(r.events, 'units-destroyed')[0]).toMatchObject({
      owner: 1,
      units: { 'ground-force': 2 },
    });
    expect(r.state.planets['Arc Prime']?.owner).toBe(0);
    expect(planetUnits(r.state, h, 'Arc Prime', 1)).toEqual({});
  });

  it('Civil Defense: the defender places a free PDS, which fires at the landing', () => {
    const { a, h } = invasion([], ['civil-defense']);
    const r = play(a.state, 1, 'civil-defense', undefined, [1]);
    expect(dice(r.events)[0]?.purpose).toBe(
      'PDS fire at the forces landing on Arc Prime: PDS, hit on 7+',
    );
    expect(planetUnits(r.state, h, 'Arc Prime', 1).pds).toBe(1);
  });

  it('Reparations: a player whose planet is taken takes its resources in credits from the invader', () => {
    const base = turnOf(0, 'invasion-combat', RACES);
    const h = home(base, 1);
    let s = cleared(base, h);
    s = withUnits(s, h, 0, { carrier: 1, 'ground-force': 3 });
    s = withUnits(s, h, 1, { 'ground-force': 1 }, 'Arc Prime');
    s = withHand(s, 1, ['reparations']);
    const land = landing(h, 'Arc Prime', { groundForces: 3 });
    const a = step(deepFreeze(s), 0, land, [10, 10, 10, 1]);
    expect(a.state.planets['Arc Prime']?.owner).toBe(0);
    expect(a.state.window?.trigger).toEqual({
      kind: 'planet-taken',
      hex: h,
      planet: 'Arc Prime',
      from: 1,
      by: 0,
    });
    expect(decisions(a.state).map((d) => d.seat)).toEqual([1]);
    const before = [a.state.players[0]?.credits ?? 0, a.state.players[1]?.credits ?? 0];
    const r = play(a.state, 1, 'reparations');
    const paid = ofType(r.events, 'credits-paid')[0];
    expect(paid).toMatchObject({ from: 0, to: 1, reason: 'Reparations for Arc Prime' });
    const amount = paid?.amount ?? 0;
    expect(amount).toBeGreaterThan(0);
    expect([r.state.players[0]?.credits, r.state.players[1]?.credits]).toEqual([
      (before[0] ?? 0) - amount,
      (before[1] ?? 0) + amount,
    ]);
  });
});

describe('BG-9 cards of the round phases', () => {
  function phaseWindow(
    phase: 'receive-credits' | 'technology' | 'place-new-units' | 'purchase-units',
    hand0: string[],
  ) {
    const s = withHand(turnOf(0, 'movement', RACES), 0, hand0);
    return opened(s, { kind: 'phase-start', phase });
  }

  it('Good Year, Local Unrest, Stellar Criminals and Rare Mineral change this Receive Credits', () => {
    const s = phaseWindow('receive-credits', ['good-year']);
    const plain = step(s, 0, { type: 'pass-card' });
    const paid = (events: readonly { type: string }[], seat: number) =>
      ofType(events as never, 'credits-received')
        .filter((e: { seat: number }) => e.seat === seat)
        .map((e: { amount: number }) => e.amount);
    const base0 = paid(plain.events, 0)[0] ?? 0;
    const good = play(s, 0, 'good-year');
    const planets = Object.values(s.planets).filter((p) => p.owner === 0).length;
    expect(paid(good.events, 0)).toEqual([base0 + planets]);
    const crim = phaseWindow('receive-credits', ['stellar-criminals']);
    const base1 = paid(step(crim, 0, { type: 'pass-card' }).events, 1)[0] ?? 0;
    expect(paid(play(crim, 0, 'stellar-criminals', { seat: 1 }).events, 1)).toEqual([
      Math.floor(base1 / 2),
    ]);
    const unrest = phaseWindow('receive-credits', ['local-unrest']);
    expect(
      paid(play(unrest, 0, 'local-unrest', { planet: 'Arc Prime' }).events, 1)[0],
    ).toBeLessThan(base1);
    const rare = phaseWindow('receive-credits', ['rare-mineral']);
    const r = play(rare, 0, 'rare-mineral', { planet: 'Jord' });
    expect(paid(r.events, 0).length).toBe(2);
  });

  it('Technology phase cards: Touch of Genius, Scientist Assassination, Technological Breakthrough, Opening the Black Box, Successful Spy', () => {
    const rich = (s: GameState) => ({
      ...s,
      players: s.players.map((p) => ({ ...p, credits: 100 })),
    });
    const genius = play(rich(phaseWindow('technology', ['touch-of-genius'])), 0, 'touch-of-genius');
    const buy = legalActions(genius.state, 0).find((a) => a.type === 'buy-technology');
    expect(buy).toBeDefined();
    const bought = step(genius.state, 0, buy);
    expect(ofType(bought.events, 'technology-bought')[0]?.cost).toBe(20);
    const killed = play(
      rich(phaseWindow('technology', ['scientist-assassination'])),
      0,
      'scientist-assassination',
      { seat: 1 },
    );
    expect(legalActions(killed.state, 1).filter((a) => a.type === 'buy-technology')).toEqual([]);
    const twice = play(
      rich(phaseWindow('technology', ['technological-breakthrough'])),
      0,
      'technological-breakthrough',
    );
    const first = step(
      twice.state,
      0,
      legalActions(twice.state, 0).find((a) => a.type === 'buy-technology'),
    );
    expect(decisions(first.state).some((d) => d.seat === 0 && d.kind === 'technology')).toBe(true);
    const box = rich(phaseWindow('technology', ['opening-the-black-box']));
    const free = legalActions(box, 0).find((a) => a.type === 'play-card');
    const opened2 = step(box, 0, free);
    expect(ofType(opened2.events, 'technology-bought')[0]?.cost).toBe(0);
    const spy0 = rich(phaseWindow('technology', ['successful-spy']));
    const spy = {
      ...spy0,
      players: spy0.players.map((p, i) =>
        i === 1
          ? { ...p, technologies: [...p.technologies, 'antimass-deflectors'] }
          : { ...p, technologies: p.technologies.filter((x) => x !== 'antimass-deflectors') },
      ),
    };
    const spied = play(spy, 0, 'successful-spy', { technology: 'antimass-deflectors' });
    expect(ofType(spied.events, 'technology-bought')[0]).toMatchObject({
      technology: 'antimass-deflectors',
      cost: 20,
    });
  });

  it('Place New Units cards: Rally of the People, Rise of a Messiah, Secret Industrial Agent', () => {
    const rally = play(
      phaseWindow('place-new-units', ['rally-of-the-people']),
      0,
      'rally-of-the-people',
      { planet: 'Jord' },
    );
    // BG-1 Sol Reinforcements' free Ground Force (round 1) is not the card's.
    const rallied = ofType(rally.events, 'unit-placed').filter((e) => e.ability === undefined);
    expect(rallied.filter((e) => e.planet === 'Jord')).toHaveLength(2);
    const messiah = phaseWindow('place-new-units', ['rise-of-a-messiah']);
    const mine = Object.values(messiah.planets).filter((p) => p.owner === 0).length;
    const risen = ofType(play(messiah, 0, 'rise-of-a-messiah').events, 'unit-placed');
    expect(risen.filter((e) => e.ability === undefined)).toHaveLength(mine);
    const waiting = phaseWindow('place-new-units', ['secret-industrial-agent']);
    const buyer = {
      ...waiting,
      players: waiting.players.map((p, i) => (i === 1 ? { ...p, purchases: { cruiser: 1 } } : p)),
    };
    const agent = play(buyer, 0, 'secret-industrial-agent', { planet: 'Arc Prime' });
    // Its only Spacedock stopped, the buyer cannot place: the phase passes and the cruiser is lost.
    expect(ofType(agent.events, 'units-lost')).toEqual([
      {
        type: 'units-lost',
        seat: 1,
        unit: 'cruiser',
        count: 1,
        reason: expect.any(String) as string,
      },
    ]);
    const unhindered = step(buyer, 0, { type: 'pass-card' });
    expect(legalActions(unhindered.state, 1)).toContainEqual({
      type: 'place-unit',
      unit: 'cruiser',
      planet: 'Arc Prime',
    });
  });

  it('Purchase Units cards: Tax Rebate (1 less per unit), Corporate Sponsorship (10 for Spacedocks and PDS)', () => {
    const rebate = play(phaseWindow('purchase-units', ['tax-rebate']), 0, 'tax-rebate');
    expect(rebate.state.phase.name).toBe('purchase-units');
    const bought = step(rebate.state, 0, { type: 'purchase', unit: 'cruiser', count: 1 });
    expect(ofType(bought.events, 'units-purchased')[0]?.cost).toBe(5);
    const sponsor = play(
      phaseWindow('purchase-units', ['corporate-sponsorship']),
      0,
      'corporate-sponsorship',
    );
    const pds = step(sponsor.state, 0, { type: 'purchase', unit: 'pds', count: 1 });
    expect(ofType(pds.events, 'units-purchased')[0]?.cost).toBe(0);
    // In one basket the sponsorship pays for the PDS, the credits for the rest.
    const mixed = step(sponsor.state, 0, { type: 'purchase', units: { pds: 1, cruiser: 1 } });
    const costs = ofType(mixed.events, 'units-purchased').map((e) => [e.unit, e.cost]);
    expect(costs).toEqual([
      ['cruiser', expect.any(Number)],
      ['pds', 0],
    ]);
    expect(costs[0]?.[1]).toBeGreaterThan(0);
    const credits = pds.state.players[0]?.credits ?? 0;
    const cancel = step(pds.state, 0, { type: 'cancel-purchases' });
    expect(cancel.state.players[0]?.credits).toBe(credits);
  });
});

describe('BG-9 cards of the Political phase (politics/ opens their windows)', () => {
  it('Plague: a die per Ground Force on a planet of another player, each dies on 6-10', () => {
    let s = turnOf(0, 'movement', RACES);
    const h = home(s, 1);
    s = withUnits(s, h, 1, { 'ground-force': 3 }, 'Arc Prime');
    s = opened(withHand(s, 0, ['plague']), { kind: 'political', step: 'before-draw' });
    const r = play(s, 0, 'plague', { planet: 'Arc Prime' }, [6, 5, 10]);
    expect(planetUnits(r.state, h, 'Arc Prime', 1)['ground-force']).toBe(1);
  });

  it('Uprising: an insurgence check below the planet’s influence kills 2 Ground Forces; an empty planet turns neutral', () => {
    const base = turnOf(0, 'movement', RACES);
    const [name, p] = outsideHomes(base, 2);
    let s = setOwner(cleared(base, p.hex), name, 1);
    s = withUnits(s, p.hex, 1, { 'ground-force': 2 }, name);
    s = opened(withHand(s, 0, ['uprising']), { kind: 'political', step: 'before-draw' });
    // Home planets are never targets.
    expect(
      legalActions(s, 0).some((a) => a.type === 'play-card' && a.target?.planet === 'Arc Prime'),
    ).toBe(false);
    const r = play(s, 0, 'uprising', { planet: name }, [10]);
    // A 10 (the 0 face) is never below an influence value: nothing happens.
    expect(planetUnits(r.state, p.hex, name, 1)['ground-force']).toBe(2);
    const r2 = play(s, 0, 'uprising', { planet: name }, [1]);
    expect(ofType(r2.events, 'units-destroyed')).toHaveLength(1);
    expect(planetUnits(r2.state, p.hex, name, 1)['ground-force']).toBeUndefined();
    expect(r2.state.planets[name]?.owner).toBeNull();
    expect(ofType(r2.events, 'planet-neutral')).toHaveLength(1);
  });

  it('OR-2.2: a conquered minor-race planet is an ordinary planet of its conqueror: an Uprising there may turn it neutral', () => {
    const base = turnOf(0, 'movement', RACES);
    const m = base.minorRaces[0];
    if (m === undefined) throw new Error('no minor race');
    const [name] = Object.entries(base.planets).find(([, p]) => p.hex === m.hex) ?? [''];
    let s = setOwner(cleared(base, m.hex), name, 1);
    s = withUnits(s, m.hex, 1, { 'ground-force': 1 }, name);
    s = opened(withHand(s, 0, ['uprising']), { kind: 'political', step: 'before-draw' });
    expect(legalActions(s, 0)).toContainEqual(
      expect.objectContaining({ type: 'play-card', target: { planet: name } }),
    );
    const r = play(s, 0, 'uprising', { planet: name }, [1]);
    expect(planetUnits(r.state, m.hex, name, 1)).toEqual({});
    expect(r.state.planets[name]?.owner).toBeNull();
    expect(ofType(r.events, 'planet-neutral')).toEqual([
      { type: 'planet-neutral', hex: m.hex, planet: name, from: 1, reason: 'Uprising' },
    ]);
  });

  it('Thugs, Discredit, Fantastic Rhetoric, Council Dissolved and Determine Policy stay in force for politics/ to read (a Veto acts as it resolves: politics/windows.test.ts)', () => {
    const cases: [string, WindowTrigger, CardTarget | undefined][] = [
      ['thugs', { kind: 'political', step: 'before-vote' }, { seat: 1 }],
      ['fantastic-rhetoric', { kind: 'political', step: 'before-vote' }, undefined],
      ['discredit', { kind: 'political', step: 'after-votes' }, { seat: 1 }],
      ['council-dissolved', { kind: 'political', step: 'before-draw' }, undefined],
      ['determine-policy', { kind: 'political', step: 'before-draw' }, undefined],
    ];
    for (const [id, trigger, target] of cases) {
      const s = opened(withHand(turnOf(0, 'movement', RACES), 0, [id]), trigger);
      const r = play(s, 0, id, target);
      expect(r.state.cardEffects).toEqual([
        { card: id, seat: 0, until: 'round', ...(target === undefined ? {} : { target }) },
      ]);
    }
  });
});

describe('BG-9 cards played at any time', () => {
  it('Disclosure: the player sees another hand; nobody else does', () => {
    let s = withHand(turnOf(0, 'movement', RACES), 0, ['disclosure', 'flank-speed']);
    s = withHand(s, 1, ['sabotage', 'good-year']);
    s = opened(s, { kind: 'movement-start', seat: 0 });
    const r = play(s, 0, 'disclosure', { seat: 1 });
    const seen = ofType(r.events, 'hand-revealed');
    expect(seen[0]?.cards?.length).toBe(2);
    expect(ofType(eventsFor(r.events, 1), 'hand-revealed')[0]?.cards).toBeUndefined();
    expect(ofType(eventsFor(r.events, 'spectator'), 'hand-revealed')[0]?.cards).toBeUndefined();
  });

  it('Spacedock Accident: a Spacedock of another player outside its home system is destroyed', () => {
    const base = turnOf(0, 'movement', RACES);
    const [name, p] = outsideHomes(base);
    let s = setOwner(base, name, 1);
    s = withUnits(s, p.hex, 1, { spacedock: 1 }, name);
    s = opened(withHand(s, 0, ['spacedock-accident', 'flank-speed']), {
      kind: 'movement-start',
      seat: 0,
    });
    // Home Spacedocks are never targets.
    const targets = legalActions(s, 0).flatMap((a) =>
      a.type === 'play-card' && a.card === cardIn(s, 0, 'spacedock-accident')
        ? [a.target?.planet]
        : [],
    );
    expect(targets).toEqual([name]);
    const r = play(s, 0, 'spacedock-accident', { planet: name });
    expect(planetUnits(r.state, p.hex, name, 1).spacedock).toBeUndefined();
  });

  it('Spacedock Accident: the Fighters only that Spacedock supported are lost (BG-3)', () => {
    const base = turnOf(0, 'movement', RACES);
    const [name, p] = outsideHomes(base);
    let s = setOwner(base, name, 1);
    s = withUnits(s, p.hex, 1, { spacedock: 1 }, name);
    // A Carrier with 4 Ground Forces aboard has room for 1 Fighter; the Spacedock held the other 2.
    s = withUnits(s, p.hex, 1, { carrier: 1, 'ground-force': 4, fighter: 3 });
    s = opened(withHand(s, 0, ['spacedock-accident', 'flank-speed']), {
      kind: 'movement-start',
      seat: 0,
    });
    const r = play(s, 0, 'spacedock-accident', { planet: name });
    expect(spaceUnits(r.state, p.hex, 1)).toEqual({ carrier: 1, 'ground-force': 4, fighter: 1 });
    expect(ofType(r.events, 'fighters-lost')).toEqual([
      { type: 'fighters-lost', seat: 1, hex: p.hex, count: 2 },
    ]);
  });

  it('never open a window by themselves', () => {
    const s = withHand(turnOf(0, 'movement', RACES), 0, ['disclosure']);
    const d = new Draft(s);
    expect(openWindow(d, { kind: 'movement-start', seat: 0 })).toBe(false);
  });
});

export type { UnitCounts };
