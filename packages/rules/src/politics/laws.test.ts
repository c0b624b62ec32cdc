import { hexKey, type HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { spaceUnits, planetUnits } from '../combat/forces.js';
import { decisions } from '../decisions.js';
import type { GameEvent } from '../events.js';
import { legalActions } from '../legal-actions.js';
import { runFrom } from '../phases/machine.js';
import { enterDrawActionCards } from '../phases/draw-action-cards.js';
import { createGame } from '../setup/create-game.js';
import { planetDef, spacedocksOf } from '../state/board.js';
import { Draft } from '../state/draft.js';
import { unitCost } from '../state/economy.js';
import type { GameState, UnitCounts } from '../state/types.js';
import {
  cleared,
  dice,
  landing,
  ofType,
  quietPair,
  turnOf,
  withArrivals,
  withUnits,
} from '../testing/battle.js';
import { applied, type Readable } from '../testing/apply.js';
import { advanceTo, deepFreeze, mustApply, withPlayer } from '../testing/fixtures.js';
import {
  FOR,
  councilTable,
  electPlayer,
  openCouncil,
  voteAll,
  withLaw,
} from '../testing/politics.js';
import { payTradeIncome } from '../cards/trade.js';
import { tradeEmbargoed, tradeIncomeBonus } from './laws.js';

const RACES = { players: [{ race: 'sol' as const }, { race: 'letnev' as const }] };

const READABLE: Readable = { names: [], unreadable: /undefined|NaN/ };

function step(s: GameState, seat: number, action: unknown, rolls: number[] = []) {
  return applied(s, seat, action, rolls, READABLE);
}

function refused(s: GameState, seat: number, action: unknown): string {
  const r = apply(s, seat, action);
  return r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`;
}

/** Sol (seat 0) attacks Letnev (seat 1) at x, having come from y; `law` in force. */
function battle(
  law: string | null,
  mine: UnitCounts,
  theirs: UnitCounts,
  elected?: number,
): { s: GameState; x: HexKey; y: HexKey } {
  let s = turnOf(0, 'movement', RACES);
  const [x, y] = quietPair(s);
  s = withUnits(s, x, 0, mine);
  s = withUnits(s, x, 1, theirs);
  s = withArrivals(s, [x], { [x]: [y] });
  if (law !== null) {
    s = withLaw(s, law, elected === undefined ? {} : { elected: { player: elected } });
  }
  return { s: deepFreeze(s), x, y };
}

/** Sol in its Invasion Combat segment over Letnev's home planet Arc Prime. */
function invasion(law: string | null, mine: UnitCounts, theirs: UnitCounts) {
  const s0 = turnOf(0, 'invasion-combat', RACES);
  const h = hexKey(s0.galaxy.homes[1] ?? { q: 0, r: 0 });
  let s = cleared(s0, h);
  s = withUnits(s, h, 0, mine);
  s = withUnits(s, h, 1, theirs, 'Arc Prime');
  if (law !== null) s = withLaw(s, law);
  return { s: deepFreeze(s), h };
}

const land = (h: HexKey, gf: number, bombard = 0) =>
  landing(h, 'Arc Prime', { groundForces: gf, bombard });

describe('BG-8 Arms Reduction', () => {
  it('passed, every player scraps its Dreadnoughts beyond 2, and every unit costs 2 more', () => {
    let s = councilTable();
    const [a, b] = quietPair(s);
    s = withUnits(s, a, 0, { dreadnought: 2, cruiser: 1 });
    s = withUnits(s, b, 0, { dreadnought: 2 });
    s = withUnits(s, b, 1, { dreadnought: 1 });
    const before = unitCost(s, 0, 'cruiser') ?? 0;
    const { state } = openCouncil(s, ['arms-reduction#1']);
    const r = voteAll(state, () => FOR);
    const [first, second] = [a, b].sort();
    expect(spaceUnits(r.state, first ?? a, 0).dreadnought).toBe(2);
    expect(spaceUnits(r.state, second ?? b, 0).dreadnought ?? 0).toBe(0);
    expect(spaceUnits(r.state, b, 1).dreadnought).toBe(1);
    expect(ofType(r.events, 'units-lost')).toEqual([
      {
        type: 'units-lost',
        seat: 0,
        unit: 'dreadnought',
        count: 2,
        reason: 'scrapped under Arms Reduction',
      },
    ]);
    expect(unitCost(r.state, 0, 'cruiser')).toBe(before + 2);
    expect(unitCost(r.state, 1, 'spacedock')).toBe((unitCost(s, 1, 'spacedock') ?? 0) + 2);
  });

  it('a Ground Force aboard a scrapped Dreadnought (Stasis Capsules) with no other place aboard is lost with it', () => {
    let s = withPlayer(councilTable(), 0, { technologies: ['stasis-capsules'] });
    // The board is read in key order: the Dreadnoughts of the first system are kept.
    const [a, b] = quietPair(s).sort();
    s = withUnits(s, a, 0, { dreadnought: 2 });
    s = withUnits(s, b, 0, { dreadnought: 1, 'ground-force': 1 });
    const { state } = openCouncil(s, ['arms-reduction#1']);
    const r = voteAll(state, () => FOR);
    expect(spaceUnits(r.state, b, 0)).toEqual({});
    expect(ofType(r.events, 'units-destroyed')).toContainEqual(
      expect.objectContaining({ hex: b, owner: 0, units: { 'ground-force': 1 } }),
    );
  });
});

describe('BG-8 Conventions of Nxill', () => {
  it('after one round the attacker must withdraw: fighting on is neither offered nor allowed', () => {
    const { s, y } = battle('conventions-of-nxill#1', { cruiser: 2 }, { cruiser: 2 });
    // Round 1: every die misses.
    const r = step(s, 0, { type: 'end-segment' }, [1, 1, 1, 1]);
    expect(decisions(r.state).map((d) => [d.seat, d.kind])).toEqual([[0, 'retreat']]);
    expect(legalActions(r.state, 0)).toEqual([{ type: 'withdraw', to: y }]);
    expect(refused(r.state, 0, { type: 'fight-on' })).toMatch(/^ILLEGAL_ACTION: Conventions/);
    const w = step(r.state, 0, { type: 'withdraw', to: y });
    expect(spaceUnits(w.state, y, 0)).toEqual({ cruiser: 2 });
  });

  it('without the law the attacker may fight on', () => {
    const { s } = battle(null, { cruiser: 2 }, { cruiser: 2 });
    const r = step(s, 0, { type: 'end-segment' }, [1, 1, 1, 1]);
    expect(legalActions(r.state, 0)).toContainEqual({ type: 'fight-on' });
  });
});

describe('BG-8 Council Empowered', () => {
  it('the Progression phase is skipped in the round after it passed and held the round after that', () => {
    const base = withLaw(councilTable(), 'council-empowered#1', { since: 1 });
    const phaseOf = (round: number): GameEvent[] => {
      const d = new Draft({ ...base, round });
      runFrom(d, 0);
      return d.events.filter(
        (e) =>
          (e.type === 'phase-started' || e.type === 'phase-skipped') && e.phase === 'progression',
      );
    };
    expect(phaseOf(2)).toEqual([
      {
        type: 'phase-skipped',
        round: 2,
        phase: 'progression',
        reason: 'Council Empowered: only every second round',
      },
    ]);
    expect(phaseOf(3)).toEqual([{ type: 'phase-started', round: 3, phase: 'progression' }]);
  });
});

describe('BG-8 Crown of Thalnos', () => {
  it('the elected player re-rolls one missed die in each combat round', () => {
    const { s, x } = battle(
      'crown-of-thalnos#1',
      { dreadnought: 1, cruiser: 1 },
      { cruiser: 1 },
      0,
    );
    // Sol: Dreadnought 1 (miss), Cruiser 1 (miss) → the Dreadnought (hits on 4+) rolls again: 6.
    const r = step(s, 0, { type: 'end-segment' }, [1, 1, 6, 1]);
    const purposes = dice(r.events).map((x) => x.purpose);
    const rerolls = purposes.filter((p) => p.includes('Crown of Thalnos'));
    expect(rerolls).toHaveLength(1);
    expect(rerolls[0]).toMatch(/round 1: Crown of Thalnos re-roll of a Dreadnought, hit on 4\+$/);
    expect(ofType(r.events, 'battle-started')[0]?.hex).toBe(x);
    expect(ofType(r.events, 'hits-scored').find((e) => e.by === 0)?.hits).toBe(1);
  });

  it('a player not elected re-rolls nothing', () => {
    const { s } = battle('crown-of-thalnos#1', { cruiser: 1 }, { cruiser: 1 }, 1);
    // Letnev (elected) misses and re-rolls; Sol does not.
    const r = step(s, 0, { type: 'end-segment' }, [1, 1, 1]);
    expect(dice(r.events).filter((x) => x.purpose.includes('Crown of Thalnos'))).toHaveLength(1);
    expect(ofType(r.events, 'dice-rolled').at(-1)?.seat).toBe(1);
  });
});

describe('BG-8 Expansion Suppression', () => {
  it('a player with more than 4 planets outside home gives up the least valuable; troops go home, docks are destroyed', () => {
    let s = councilTable();
    // Every planet of the other two homes and Mecatol Rex: 6 planets outside Sol's home.
    const outside = Object.entries(s.planets)
      .filter(([, p]) => p.owner !== 0)
      .map(([name, p]) => ({ name, hex: p.hex }));
    expect(outside).toHaveLength(6);
    for (const { name, hex } of outside) {
      s = { ...s, planets: { ...s.planets, [name]: { hex, owner: 0 } } };
    }
    const value = (n: string) => (planetDef(n)?.resources ?? 0) + (planetDef(n)?.influence ?? 0);
    const lost = outside
      .map((p) => p.name)
      .sort((a, b) => value(a) - value(b) || a.localeCompare(b))
      .slice(0, 2);
    const first = lost[0] ?? '';
    const hex = s.planets[first]?.hex ?? '0,0';
    s = withUnits(s, hex, 0, { 'ground-force': 2, spacedock: 1 }, first);
    const { state } = openCouncil(s, ['expansion-suppression#1']);
    const r = voteAll(state, () => FOR);
    for (const name of lost) expect(r.state.planets[name]?.owner).toBeNull();
    expect(ofType(r.events, 'planet-abandoned').map((e) => e.planet)).toEqual(lost);
    expect(planetUnits(r.state, hex, first, 0)).toEqual({});
    expect(
      planetUnits(r.state, r.state.planets.Jord?.hex ?? '0,0', 'Jord', 0)['ground-force'],
    ).toBe(2);
    expect(ofType(r.events, 'units-lost')).toContainEqual(
      expect.objectContaining({ seat: 0, unit: 'spacedock', count: 1 }),
    );
    // One-shot: applied once, the card is discarded and nothing stays in force.
    expect(r.state.politics?.laws).toEqual([]);
    expect(r.state.politics?.discard).toEqual(['expansion-suppression#1']);
  });
});

describe('BG-8 Free Trade, Minister of Commerce, Trade Embargo', () => {
  it('Free Trade adds 5 credits per own agreement; the Minister of Commerce 1 per agreement in play', () => {
    const s = councilTable();
    expect(tradeIncomeBonus(s, 0, 2, 3)).toBe(0);
    expect(tradeIncomeBonus(withLaw(s, 'free-trade#1'), 0, 2, 3)).toBe(10);
    const minister = withLaw(s, 'minister-of-commerce#1', { elected: { player: 1 } });
    expect(tradeIncomeBonus(minister, 1, 1, 3)).toBe(3);
    expect(tradeIncomeBonus(minister, 0, 1, 3)).toBe(0);
  });

  it('Trade Embargo names the elected player', () => {
    const s = withLaw(councilTable(), 'trade-embargo#1', { elected: { player: 2 } });
    expect([0, 1, 2].map((seat) => tradeEmbargoed(s, seat))).toEqual([false, false, true]);
  });

  function trading(): GameState {
    const s = councilTable();
    return {
      ...s,
      tradeAgreements: [
        { seats: [0, 1], card: 'trade-agreement#1' },
        { seats: [1, 2], card: 'trade-agreement#2' },
      ],
    };
  }

  it('Free Trade pays 5 more per agreement in Receive Trade Income; the Minister of Commerce gains 1 per agreement', () => {
    const pay = (s: GameState) => {
      const d = new Draft(s);
      payTradeIncome(d);
      return { state: d.finish(), events: d.events };
    };
    const plain = pay(trading());
    const free = pay(withLaw(trading(), 'free-trade#1'));
    const gain = (r: { state: GameState }, seat: number) =>
      (r.state.players[seat]?.credits ?? 0) - (trading().players[seat]?.credits ?? 0);
    expect(gain(free, 0) - gain(plain, 0)).toBe(5);
    expect(gain(free, 1) - gain(plain, 1)).toBe(10);
    const minister = pay(withLaw(trading(), 'minister-of-commerce#1', { elected: { player: 0 } }));
    expect(gain(minister, 0) - gain(plain, 0)).toBe(2);
    expect(gain(minister, 2) - gain(plain, 2)).toBe(0);
  });

  it('Trade Embargo, as it passes, ends the elected player’s agreements', () => {
    const { state } = openCouncil(trading(), ['trade-embargo#1']);
    const r = voteAll(state, () => electPlayer(1));
    expect(r.state.tradeAgreements).toEqual([]);
    expect(ofType(r.events, 'trade-ended').map((e) => e.reason)).toEqual([
      'Trade Embargo',
      'Trade Embargo',
    ]);
  });
});

describe('BG-8 Holy Planet of Ixth and Humane Labor', () => {
  function placing(law: string | null, planetLaw?: string): GameState {
    let s = createGame({ players: [{ race: 'sol' }, { race: 'letnev' }] }, 'place');
    s = advanceTo(s, 'purchase-units');
    s = withPlayer(s, 1, { credits: 200 });
    s = mustApply(s, 1, { type: 'purchase', unit: 'cruiser', count: 5 });
    if (law !== null) {
      s = withLaw(s, law, planetLaw === undefined ? {} : { elected: { planet: planetLaw } });
    }
    return advanceTo(s, 'place-new-units');
  }

  it('Holy Planet of Ixth: no new unit is placed on the elected planet', () => {
    const open = placing(null);
    const dock = spacedocksOf(open, 1)[0] ?? '';
    expect(legalActions(open, 1).filter((a) => a.type === 'place-unit')).not.toEqual([]);
    const s = withLaw(open, 'holy-planet-of-ixth#1', { elected: { planet: dock } });
    expect(legalActions(s, 1).filter((a) => a.type === 'place-unit')).toEqual([]);
    expect(refused(s, 1, { type: 'place-unit', unit: 'cruiser', planet: dock })).not.toBe(
      'accepted',
    );
  });

  it('Humane Labor: a Spacedock places at most 2 units per round', () => {
    const s = placing('humane-labor#1');
    const dock = spacedocksOf(s, 1)[0] ?? '';
    expect(planetDef(dock)?.resources ?? 0).toBeGreaterThan(2);
    const one = mustApply(s, 1, { type: 'place-unit', unit: 'cruiser', planet: dock });
    const two = step(one, 1, { type: 'place-unit', unit: 'cruiser', planet: dock });
    // The dock is done: the other three cruisers cannot be placed and are lost.
    expect(ofType(two.events, 'units-lost')).toContainEqual(
      expect.objectContaining({ seat: 1, unit: 'cruiser', count: 3 }),
    );
  });
});

describe('BG-8 Limits to Individual Power', () => {
  it('the hand limit is 3: a player above it discards down in Draw Action Cards', () => {
    const table = councilTable();
    // Nobody else holds a card (the Hacan start with two Trade Agreements, BG-11).
    const s = withLaw(
      { ...table, players: table.players.map((p) => ({ ...p, hand: [] })) },
      'limits-to-individual-power#1',
    );
    const hand = s.actionDeck.slice(0, 3);
    const d = new Draft(withPlayer({ ...s, actionDeck: s.actionDeck.slice(3) }, 1, { hand }));
    expect(enterDrawActionCards(d)).toBe(true);
    const after = d.finish();
    expect(after.players[1]?.hand).toHaveLength(4);
    expect(decisions(after)).toContainEqual({
      seat: 1,
      kind: 'discard',
      prompt: 'Discard 1 action card: your hand limit is 3.',
    });
  });
});

describe('BG-8 Long Term Truce and Short Term Truce', () => {
  it('attacking another player under a Long Term Truce costs 50 credits', () => {
    const { s: s0 } = battle('long-term-truce#1', { cruiser: 1 }, { cruiser: 1 });
    const s = withPlayer(s0, 0, { credits: 60 });
    const credits = 60;
    const r = step(s, 0, { type: 'end-segment' }, [1, 1]);
    expect(ofType(r.events, 'fine-paid')).toEqual([
      { type: 'fine-paid', seat: 0, amount: 50, reason: 'attack under Long Term Truce' },
    ]);
    expect(r.state.players[0]?.credits).toBe(credits - 50);
  });

  it('invading another player’s planet under a Short Term Truce costs 35 credits (all it has if less)', () => {
    const { s, h } = invasion(
      'short-term-truce#1',
      { carrier: 1, 'ground-force': 1 },
      { 'ground-force': 1 },
    );
    const poor = withPlayer(s, 0, { credits: 20 });
    const r = step(poor, 0, land(h, 1), [8, 1]);
    expect(ofType(r.events, 'fine-paid')).toEqual([
      { type: 'fine-paid', seat: 0, amount: 20, reason: 'attack under Short Term Truce' },
    ]);
    expect(r.state.players[0]?.credits).toBe(0);
  });

  it('no fine once the truce has run out', () => {
    const { s } = battle(null, { cruiser: 1 }, { cruiser: 1 });
    const expired = withLaw(s, 'short-term-truce#1', { since: s.round - 2, expires: s.round });
    const r = step(expired, 0, { type: 'end-segment' }, [1, 1]);
    expect(ofType(r.events, 'fine-paid')).toEqual([]);
  });
});

describe('BG-8 Public Execution', () => {
  it('the elected player discards all its action cards, once', () => {
    let s = councilTable();
    const hand = s.actionDeck.slice(0, 2);
    s = withPlayer({ ...s, actionDeck: s.actionDeck.slice(2) }, 2, { hand });
    const { state } = openCouncil(s, ['public-execution#1']);
    const r = voteAll(state, () => electPlayer(2));
    expect(ofType(r.events, 'hand-discarded')).toEqual([
      { type: 'hand-discarded', seat: 2, count: 2, reason: 'Public Execution' },
    ]);
    expect(r.state.players[2]?.hand.length).toBeLessThanOrEqual(1);
    expect(r.state.actionDiscard).toEqual(expect.arrayContaining(hand));
    expect(r.state.politics?.laws).toEqual([]);
  });
});

describe('BG-8 Technology Tariffs', () => {
  it('every technology costs 10 credits more', () => {
    let s = createGame({ players: [{ race: 'sol' }, { race: 'letnev' }] }, 'tariff');
    s = advanceTo(s, 'technology');
    if (s.phase.name !== 'technology') throw new Error('not in technology');
    const tech = legalActions(s, 0).find((a) => a.type === 'buy-technology');
    if (tech?.type !== 'buy-technology') throw new Error('nothing to buy');
    const taxed = withPlayer(withLaw(s, 'technology-tariffs#1'), 0, { credits: 30 });
    expect(refused(taxed, 0, tech)).toMatch(/costs 40 credits/);
    const rich = withPlayer(taxed, 0, { credits: 40 });
    const r = step(rich, 0, tech);
    expect(ofType(r.events, 'technology-bought')[0]?.cost).toBe(40);
  });
});

describe('BG-8 Unconventional Weapons', () => {
  it('Dreadnoughts may not bombard: no bombardment is offered and one sent is refused', () => {
    const { s, h } = invasion(
      'unconventional-weapons#1',
      { dreadnought: 1, carrier: 1, 'ground-force': 1 },
      { 'ground-force': 1 },
    );
    expect(legalActions(s, 0).filter((a) => a.type === 'land' && a.bombard > 0)).toEqual([]);
    expect(refused(s, 0, land(h, 1, 1))).toMatch(/Unconventional Weapons/);
  });
});

describe('BG-8 Minister of War', () => {
  it('the elected player’s ships get +1 in the first round of a space battle only', () => {
    const { s } = battle('minister-of-war#1', { dreadnought: 1 }, { cruiser: 1 }, 0);
    // The Dreadnought rolls 3: a hit only with the +1.
    const r = step(s, 0, { type: 'end-segment' }, [3, 1]);
    const [own] = dice(r.events);
    expect(own?.purpose).toMatch(/round 1: Dreadnought, hit on 3\+ \(Minister of War \+1\)$/);
    expect(ofType(r.events, 'hits-scored').find((e) => e.by === 0)?.hits).toBe(1);
  });
});
