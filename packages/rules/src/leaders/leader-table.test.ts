import { hexKey, parseHexKey, tileById, type HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { cardIn, withHand } from '../cards/testing.js';
import { decisions } from '../decisions.js';
import type { GameEvent } from '../events.js';
import { legalActions } from '../legal-actions.js';
import { enterPlaceNewUnits } from '../phases/place-new-units.js';
import { Draft } from '../state/draft.js';
import type { GameState } from '../state/types.js';
import {
  cleared,
  home,
  landing,
  ofType,
  quietPair,
  setOwner,
  turnOf,
  withArrivals,
  withUnits,
} from '../testing/battle.js';
import { advanceTo, deepFreeze, newGame, withPlayer } from '../testing/fixtures.js';
import { step } from '../testing/apply.js';
import { leaderOf, SOL_LETNEV, withLeader } from '../testing/leaders.js';
import { describeEvent } from '../views/describe.js';
import { view } from '../views/view.js';

/**
 * OR-6.2 the Leader Table's abilities outside combat rolls: the Agent as a
 * Sabotage card, the Diplomat's delay and passage, the Scientist's PDS, and
 * where an escaping leader goes.
 */

/**
 * Somebody owes a decision; every seat that owes one is offered at least one
 * action, and every action offered to any seat is accepted; a seat that owes
 * nothing is offered nothing.
 */
function everyOfferAccepted(s: GameState): void {
  expect(decisions(s).length).toBeGreaterThan(0);
  for (const seat of s.players.keys()) {
    const offered = legalActions(s, seat);
    if (!decisions(s).some((d) => d.seat === seat)) expect(offered).toEqual([]);
    else expect(offered.length).toBeGreaterThan(0);
    for (const a of offered) expect(apply(s, seat, a)).toMatchObject({ ok: true });
  }
}

describe('OR-6.2 Agent: sacrificed as a Sabotage card', () => {
  // Letnev (seat 0) attacks Sol (seat 1); Sol's Agent stands on Jord, and Sol holds no card.
  function battle(hand1: string[] = []): { s: GameState; x: HexKey } {
    const base = turnOf(0, 'movement', {
      leaders: true,
      shockForces: false,
      players: [{ race: 'letnev' }, { race: 'sol' }],
    });
    const [x, y] = quietPair(base);
    let s = withUnits(base, x, 0, { dreadnought: 1 });
    s = withUnits(s, x, 1, { cruiser: 1 });
    s = withArrivals(s, [x], { [x]: [y] });
    s = withHand(s, 0, ['morale-boost']);
    s = withHand(s, 1, hand1);
    return { s: deepFreeze(s), x };
  }

  it('a seat with an Agent and no card is asked when a card is played, and cancels it by the sacrifice', () => {
    const { s } = battle();
    const agent = leaderOf(s, 1, 'agent').id;
    const a = step(s, 0, { type: 'end-segment' });
    // The battle-round window: only seat 0 holds a card; an Agent does not answer a trigger.
    expect(a.window?.asked).toEqual([0]);
    const mb = cardIn(s, 0, 'morale-boost');
    const b = step(a, 0, { type: 'play-card', card: mb });
    // Morale Boost is being played: the Agent's owner is asked, with no card in hand.
    expect(decisions(b).map((d) => [d.seat, d.kind])).toEqual([[1, 'card']]);
    expect(legalActions(b, 1)).toEqual([
      { type: 'play-card', card: `agent:${agent}` },
      { type: 'pass-card' },
      { type: 'card-prompts', ask: false },
    ]);
    expect(legalActions(view(b, 1), 1)).toEqual(legalActions(b, 1));
    const log: GameEvent[] = [];
    const c = step(b, 1, { type: 'play-card', card: `agent:${agent}` }, [3, 1], log);
    expect(ofType(log, 'card-cancelled')).toEqual([
      { type: 'card-cancelled', seat: 0, card: mb, by: 1 },
    ]);
    expect(leaderOf(c, 1, 'agent').status).toBe('killed');
    expect(ofType(log, 'leader-fate')).toEqual([
      expect.objectContaining({ leader: agent, fate: 'killed' }),
    ]);
    expect(c.window).toBeUndefined();
    // The Agent goes to no discard pile; the cancelled card does.
    expect(c.actionDiscard).toContain(mb);
    expect(c.actionDiscard.some((x) => x.startsWith('agent:'))).toBe(false);
    const words = log.map((e) => describeEvent(e, ['Ann', 'Bob'])).join(' ');
    expect(words).toContain('Bob sacrifices the Federation of Sol Agent as a Sabotage card.');
    expect(words).not.toMatch(/agent:|sol-agent/);
  });

  it('only while a card is being played, never against a Sabotage, and never by a captive or dead Agent', () => {
    const { s } = battle(['sabotage']);
    const agent = leaderOf(s, 1, 'agent').id;
    const a = step(s, 0, { type: 'end-segment' });
    // At the trigger itself there is nothing to cancel.
    expect(apply(a, 1, { type: 'play-card', card: `agent:${agent}` }).ok).toBe(false);
    const b = step(a, 0, { type: 'play-card', card: cardIn(s, 0, 'morale-boost') });
    // Seat 1 answers with the real Sabotage: seat 0 (no Agent of the Letnev) is not asked about it.
    const c = step(b, 1, { type: 'play-card', card: cardIn(s, 1, 'sabotage') }, [1, 1]);
    expect(c.window).toBeUndefined();
    expect(leaderOf(c, 1, 'agent').status).toBe('active');
    // Someone else's Agent, or a made-up one, is refused and changes nothing.
    const stolen = apply(b, 1, { type: 'play-card', card: 'agent:letnev-admiral-1' });
    expect(!stolen.ok && stolen.error.code).toBe('ILLEGAL_ACTION');
    const dead = {
      ...b,
      players: b.players.map((p, i) =>
        i === 1
          ? {
              ...p,
              leaders: p.leaders.map((l) =>
                l.id === agent ? { ...l, status: 'killed' as const } : l,
              ),
            }
          : p,
      ),
    };
    expect(apply(dead, 1, { type: 'play-card', card: `agent:${agent}` }).ok).toBe(false);
  });

  it('"never ask me" still holds: a seat with only an Agent that chose it is not waited for', () => {
    const { s } = battle();
    const quiet = step(s, 1, { type: 'card-prompts', ask: false });
    const a = step(quiet, 0, { type: 'end-segment' });
    const b = step(a, 0, { type: 'play-card', card: cardIn(s, 0, 'morale-boost') }, [3, 1]);
    // Nobody to ask: Morale Boost resolves and the round is rolled at once.
    expect(b.window).toBeUndefined();
    expect(leaderOf(b, 1, 'agent').status).toBe('active');
  });

  it('every choice offered at the card being played is accepted', () => {
    const { s } = battle(['sabotage']);
    const a = step(s, 0, { type: 'end-segment' });
    everyOfferAccepted(step(a, 0, { type: 'play-card', card: cardIn(s, 0, 'morale-boost') }));
  });
});

/** A neutral planet outside both home systems, with its hex. */
function outsidePlanet(s: GameState): [string, HexKey] {
  const found = Object.entries(s.planets).find(
    ([, p]) => p.owner === null && p.hex !== home(s, 0) && p.hex !== home(s, 1),
  );
  if (found === undefined) throw new Error('no neutral planet');
  return [found[0], found[1].hex];
}

describe('OR-6.2 escape: its owner chooses where a leader escaping an invaded planet goes', () => {
  // Sol (seat 0) invades Arc Prime, where the Letnev General stands; Letnev troops also hold
  // Wren Terra and, when `refuges` is 2, a planet outside the home system.
  function invasion(refuges: 1 | 2): { s: GameState; log: GameEvent[]; far: string } {
    const s0 = turnOf(0, 'invasion-combat', SOL_LETNEV);
    const target = home(s0, 1);
    const [far, farHex] = outsidePlanet(s0);
    let s = cleared(s0, target);
    s = withUnits(s, target, 1, { 'ground-force': 1 }, 'Arc Prime');
    s = withUnits(s, target, 1, { 'ground-force': 1 }, 'Wren Terra');
    if (refuges === 2) {
      s = setOwner(s, far, 1);
      s = withUnits(s, farHex, 1, { 'ground-force': 1 }, far);
    }
    s = withUnits(s, target, 0, { carrier: 1, 'ground-force': 2 });
    s = withLeader(s, 1, 'general', { hex: target, planet: 'Arc Prime' });
    s = withLeader(s, 1, 'admiral', { status: 'killed' });
    s = withLeader(s, 1, 'diplomat', { status: 'killed' });
    const log: GameEvent[] = [];
    // Round 1: both invaders hit, the defender misses; the General's re-roll misses; the fate die 7.
    s = step(s, 0, landing(target, 'Arc Prime', { groundForces: 2 }), [10, 10, 1, 1, 7], log);
    return { s: deepFreeze(s), log, far };
  }

  it('with two planets to go to, the owner is asked, and nothing else goes on until it answers', () => {
    const { s, log, far } = invasion(2);
    const general = leaderOf(s, 1, 'general');
    expect(s.planets['Arc Prime']?.owner).toBe(0);
    expect(general).toMatchObject({ status: 'active', escapingFrom: 'Arc Prime' });
    expect(general.hex).toBeUndefined();
    expect(decisions(s)).toEqual([
      {
        seat: 1,
        kind: 'escape',
        prompt: `The Barony of Letnev General escapes from Arc Prime: choose which of your planets it goes to.`,
      },
    ]);
    expect(legalActions(s, 1)).toEqual([
      { type: 'escape-leader', leader: general.id, planet: 'Wren Terra' },
      { type: 'escape-leader', leader: general.id, planet: far },
    ]);
    expect(legalActions(view(s, 0), 1)).toEqual(legalActions(s, 1));
    expect(legalActions(s, 0)).toEqual([]);
    expect(ofType(log, 'leader-fate')).toEqual([
      expect.objectContaining({ fate: 'escaping', planet: 'Arc Prime' }),
    ]);
    // The invader waits; the owner may not send its leader anywhere else.
    expect(apply(s, 0, { type: 'end-turn' }).ok).toBe(false);
    const wrong = apply(s, 1, { type: 'escape-leader', leader: general.id, planet: 'Arc Prime' });
    expect(!wrong.ok && wrong.error.code).toBe('ILLEGAL_ACTION');
    const notOwner = apply(s, 0, { type: 'escape-leader', leader: general.id, planet: far });
    expect(!notOwner.ok && notOwner.error.code).toBe('NOT_YOUR_DECISION');
    const after: GameEvent[] = [];
    const t = step(s, 1, { type: 'escape-leader', leader: general.id, planet: far }, [], after);
    expect(leaderOf(t, 1, 'general')).toMatchObject({ status: 'active', planet: far });
    expect(leaderOf(t, 1, 'general').escapingFrom).toBeUndefined();
    expect(describeEvent(ofType(after, 'leader-fate')[0] as GameEvent, ['Ann', 'Bob'])).toBe(
      `The Barony of Letnev General (Bob) escapes to ${far} (Arc Prime was invaded; its owner chose ${far}).`,
    );
    expect(decisions(t).map((d) => [d.seat, d.kind])).toEqual([[0, 'turn']]);
  });

  it('with one planet to go to it goes there at once', () => {
    const { s } = invasion(1);
    expect(leaderOf(s, 1, 'general')).toMatchObject({ status: 'active', planet: 'Wren Terra' });
    expect(decisions(s).map((d) => d.kind)).toEqual(['turn']);
  });

  it('every choice offered while a leader escapes is accepted', () => {
    everyOfferAccepted(invasion(2).s);
  });
});

describe('OR-6.2 Diplomat: delays an invasion of its planet by one turn, not in the following turn', () => {
  // Sol (seat 0) lands on Arc Prime, where the Letnev Diplomat stands with one Ground Force.
  function diplomatLanding(delayedInRound?: number): {
    s: GameState;
    target: HexKey;
    land: unknown;
  } {
    const s0 = turnOf(0, 'invasion-combat', SOL_LETNEV);
    const target = home(s0, 1);
    let s = cleared(s0, target);
    s = setOwner(s, 'Wren Terra', null);
    s = withUnits(s, target, 1, { 'ground-force': 1 }, 'Arc Prime');
    s = withUnits(s, target, 0, { carrier: 1, 'ground-force': 2 });
    s = withLeader(s, 1, 'general', { status: 'killed' });
    s = withLeader(s, 1, 'admiral', { status: 'killed' });
    s = withLeader(s, 1, 'diplomat', {
      hex: target,
      planet: 'Arc Prime',
      ...(delayedInRound === undefined ? {} : { delayedInRound }),
    });
    const land = landing(target, 'Arc Prime', { groundForces: 2 });
    return { s: deepFreeze(s), target, land };
  }

  it("the Diplomat's owner is asked as the forces land; delayed, they stay aboard and may not land there this turn", () => {
    const { s, target, land } = diplomatLanding();
    const diplomat = leaderOf(s, 1, 'diplomat').id;
    const a = step(s, 0, land);
    expect(decisions(a)).toEqual([
      {
        seat: 1,
        kind: 'diplomat',
        prompt: `${a.players[0]?.name ?? ''} is landing on Arc Prime: the Barony of Letnev Diplomat there may delay the invasion by one turn.`,
      },
    ]);
    expect(legalActions(a, 1)).toEqual([
      { type: 'diplomat-delay', delay: true },
      { type: 'diplomat-delay', delay: false },
    ]);
    expect(legalActions(view(a, 1), 1)).toEqual(legalActions(a, 1));
    expect(legalActions(a, 0)).toEqual([]);
    expect(apply(a, 0, { type: 'end-turn' }).ok).toBe(false);
    expect(apply(a, 0, { type: 'diplomat-delay', delay: true }).ok).toBe(false);
    const log: GameEvent[] = [];
    const b = step(a, 1, { type: 'diplomat-delay', delay: true }, [], log);
    expect(ofType(log, 'invasion-delayed')).toEqual([
      {
        type: 'invasion-delayed',
        hex: target,
        planet: 'Arc Prime',
        invader: 0,
        by: 1,
        leader: diplomat,
      },
    ]);
    expect(describeEvent(ofType(log, 'invasion-delayed')[0] as GameEvent, ['Ann', 'Bob'])).toBe(
      "Bob's Barony of Letnev Diplomat delays Ann's invasion of Arc Prime by one turn: the forces stay aboard.",
    );
    // Nothing landed; the planet is still Letnev's; no second landing there this turn.
    expect(b.units[target]?.space.find((g) => g.owner === 0)?.units['ground-force']).toBe(2);
    expect(b.planets['Arc Prime']?.owner).toBe(1);
    expect(ofType(log, 'dice-rolled')).toEqual([]);
    const again = apply(b, 0, land);
    expect(!again.ok && again.error.message).toBe(
      'You have already landed on Arc Prime this turn.',
    );
    expect(leaderOf(b, 1, 'diplomat').delayedInRound).toBe(s.round);
    expect(decisions(b).map((d) => [d.seat, d.kind])).toEqual([[0, 'turn']]);
  });

  it('stops the troops, not the guns: Dreadnoughts named to bombard still fire', () => {
    const { s, target, land } = diplomatLanding();
    const withGuns = withUnits(s, target, 0, { carrier: 1, dreadnought: 1, 'ground-force': 2 });
    const a = step(withGuns, 0, { ...(land as object), bombard: 1 });
    const log: GameEvent[] = [];
    // The Dreadnought's 10 kills the last Ground Force: the Diplomat there dies with it.
    const b = step(a, 1, { type: 'diplomat-delay', delay: true }, [10], log);
    expect(ofType(log, 'hits-scored')).toEqual([
      expect.objectContaining({ planet: 'Arc Prime', by: 0, hits: 1, reason: 'bombardment' }),
    ]);
    expect(b.units[target]?.space.find((g) => g.owner === 0)?.units['ground-force']).toBe(2);
    expect(b.planets['Arc Prime']?.owner).toBe(1);
    expect(leaderOf(b, 1, 'diplomat').status).toBe('killed');
  });

  it('not in the turn after it delayed; again the turn after that; the owner may let it go on', () => {
    const next = diplomatLanding(0);
    const nextRound = { ...next.s, round: 1 };
    // Round 1 follows its delay in round 0: no question, the invasion is fought (10, 10 hit; 1 misses).
    const fought = step(nextRound, 0, next.land, [10, 10, 1, 5]);
    expect(fought.planets['Arc Prime']?.owner).toBe(0);
    const later = { ...next.s, round: 2 };
    expect(decisions(step(later, 0, next.land)).map((d) => d.kind)).toEqual(['diplomat']);
    // Let go on: the invasion is fought at once (the fate die 5: the Diplomat is captured).
    const { s, land } = diplomatLanding();
    const asked = step(s, 0, land);
    const goOn = step(asked, 1, { type: 'diplomat-delay', delay: false }, [10, 10, 1, 5]);
    expect(goOn.planets['Arc Prime']?.owner).toBe(0);
    expect(leaderOf(goOn, 1, 'diplomat')).toMatchObject({ status: 'captured', captor: 0 });
  });

  it('every choice offered while a landing waits for the Diplomat is accepted', () => {
    const { s, land } = diplomatLanding();
    everyOfferAccepted(step(s, 0, land));
  });
});

describe('OR-6.2 Scientist: one PDS per turn for 5 credits on a planet with a Spacedock and a Scientist', () => {
  // The Jol-Nar (seat 0) start with both Scientists on Nar, the home planet with the Spacedock.
  function purchasing(credits = 20): GameState {
    const s = advanceTo(
      newGame(2, { leaders: true, players: [{ race: 'jol-nar' }, { race: 'sol' }] }, 'sci'),
      'purchase-units',
    );
    return deepFreeze(withPlayer(s, 0, { credits, purchases: {}, spacedockOrders: [] }));
  }
  const buy = { type: 'purchase-scientist-pds', planet: 'Nar' } as const;

  it('in Purchase Units: 5 credits, once a round, counted with the units waiting; cancelling refunds it', () => {
    const s = purchasing();
    expect(leaderOf(s, 0, 'scientist').planet).toBe('Nar');
    expect(legalActions(s, 0)).toContainEqual(buy);
    expect(legalActions(view(s, 0), 0)).toEqual(legalActions(s, 0));
    // Sol has no Scientist: nothing of the kind is offered there.
    expect(legalActions(s, 1).some((a) => a.type === 'purchase-scientist-pds')).toBe(false);
    const log: GameEvent[] = [];
    const a = step(s, 0, buy, [], log);
    expect(a.players[0]?.credits).toBe(15);
    expect(a.players[0]?.scientistPds).toBe('Nar');
    expect(describeEvent(log[0] as GameEvent, ['Ann', 'Bob'])).toBe(
      "Ann buys the Scientist's PDS on Nar for 5 credits.",
    );
    // Once a round.
    expect(legalActions(a, 0)).not.toContainEqual(buy);
    const twice = apply(a, 0, buy);
    expect(!twice.ok && twice.error.code).toBe('ILLEGAL_ACTION');
    const back = step(a, 0, { type: 'cancel-purchases' });
    expect(back.players[0]?.credits).toBe(20);
    expect(back.players[0]?.scientistPds).toBeUndefined();
    // Not with fewer than 5 credits, nor on a planet without a Scientist.
    expect(apply(purchasing(4), 0, buy).ok).toBe(false);
    expect(apply(s, 0, { type: 'purchase-scientist-pds', planet: 'Jol' }).ok).toBe(false);
  });

  it("the PDS appears on that planet as Place New Units begins, using one of its dock's places", () => {
    const a = step(purchasing(), 0, buy);
    const nar = a.planets.Nar?.hex as HexKey;
    const pdsBefore = a.units[nar]?.planets.Nar?.find((g) => g.owner === 0)?.units.pds ?? 0;
    // The round machine enters Place New Units after Individual Turns and Technology.
    const d = new Draft(a);
    enterPlaceNewUnits(d);
    const placed = d.finish();
    // BG-1 Sol Reinforcements places its free Ground Forces too (round 1): not the Scientist's.
    expect(ofType(d.events, 'unit-placed').filter((e) => e.ability === undefined)).toEqual([
      { type: 'unit-placed', owner: 0, unit: 'pds', hex: nar, planet: 'Nar' },
    ]);
    expect(placed.units[nar]?.planets.Nar?.find((g) => g.owner === 0)?.units.pds).toBe(
      pdsBefore + 1,
    );
    expect(placed.players[0]?.scientistPds).toBeUndefined();
    if (placed.phase.name === 'place-new-units') expect(placed.phase.used.Nar).toBe(1);
  });

  it('every choice offered in Purchase Units is accepted', () => {
    everyOfferAccepted(purchasing());
    everyOfferAccepted(step(purchasing(), 0, buy));
  });
});

describe("OR-6.2 Diplomat: its fleet passes an opponent's ships if that opponent agrees", () => {
  /** Three quiet systems in a straight line: x → y → z (y the only way between x and z in 2). */
  function line(s: GameState): [HexKey, HexKey, HexKey] {
    const quiet = (k: HexKey): boolean => {
      const placed = s.galaxy.tiles[k];
      const tile = placed === undefined ? undefined : tileById(placed.tileId);
      return tile?.kind === 'system' && tile.anomaly === undefined && s.units[k] === undefined;
    };
    for (const x of Object.keys(s.galaxy.tiles) as HexKey[]) {
      if (!quiet(x)) continue;
      const a = parseHexKey(x);
      for (const [dq, dr] of [
        [1, 0],
        [0, 1],
        [-1, 1],
        [-1, 0],
        [0, -1],
        [1, -1],
      ] as const) {
        const y = hexKey({ q: a.q + dq, r: a.r + dr });
        const z = hexKey({ q: a.q + 2 * dq, r: a.r + 2 * dr });
        if (quiet(y) && quiet(z)) return [x, y, z];
      }
    }
    throw new Error('no three quiet systems in a line');
  }

  function board(diplomatAboard: boolean) {
    const base = turnOf(0, 'movement', SOL_LETNEV);
    const [x, y, z] = line(base);
    let s = withUnits(base, x, 0, { cruiser: 1 });
    s = withUnits(s, y, 1, { cruiser: 1 });
    if (diplomatAboard) s = withLeader(s, 0, 'diplomat', { hex: x, ship: 'cruiser' });
    const move = { type: 'move', from: x, path: [y, z], ships: { cruiser: 1 } } as const;
    return { s: deepFreeze(s), x, y, z, move };
  }

  it('the move is a request to the owner of the ships passed; agreed, the fleet goes through', () => {
    const { s, x, z, move } = board(true);
    expect(legalActions(s, 0)).toContainEqual(move);
    expect(legalActions(view(s, 0), 0)).toEqual(legalActions(s, 0));
    const a = step(s, 0, move);
    // Nothing has moved yet: the Letnev player is asked, and only it.
    expect(a.units[x]?.space.find((g) => g.owner === 0)?.units.cruiser).toBe(1);
    expect(decisions(a).map((d) => [d.seat, d.kind])).toEqual([[1, 'passage']]);
    expect(decisions(a)[0]?.prompt).toMatch(
      /^.+ asks to pass your ships in .+ with a fleet carrying its Diplomat: let it pass, or refuse\.$/,
    );
    expect(legalActions(a, 1)).toEqual([
      { type: 'answer-passage', accept: true },
      { type: 'answer-passage', accept: false },
    ]);
    expect(legalActions(a, 0)).toEqual([]);
    expect(apply(a, 0, { type: 'end-turn' }).ok).toBe(false);
    expect(apply(a, 0, { type: 'answer-passage', accept: true }).ok).toBe(false);
    const log: GameEvent[] = [];
    const b = step(a, 1, { type: 'answer-passage', accept: true }, [], log);
    expect(b.units[z]?.space.find((g) => g.owner === 0)?.units.cruiser).toBe(1);
    expect(leaderOf(b, 0, 'diplomat')).toMatchObject({ hex: z, ship: 'cruiser' });
    expect(describeEvent(ofType(log, 'passage-answered')[0] as GameEvent, ['Ann', 'Bob'])).toBe(
      "Bob lets Ann's fleet with its Diplomat pass.",
    );
    expect(decisions(b).map((d) => [d.seat, d.kind])).toEqual([[0, 'turn']]);
  });

  it('refused, nothing moves and that opponent is not asked again this turn', () => {
    const { s, x, move } = board(true);
    const b = step(step(s, 0, move), 1, { type: 'answer-passage', accept: false });
    expect(b.units[x]?.space.find((g) => g.owner === 0)?.units.cruiser).toBe(1);
    expect(legalActions(b, 0)).not.toContainEqual(move);
    const again = apply(b, 0, move);
    expect(!again.ok && again.error.message).toMatch(/refused your fleet passage this turn/);
  });

  it('OR-6.2: one Cruiser of two passes when its owner names it as the Diplomat’s ship', () => {
    const { s: s0, x, z, move } = board(true);
    const s = withUnits(s0, x, 0, { cruiser: 2 });
    const named = { ...move, leaderShips: ['cruiser'] } as const;
    const a = step(s, 0, named);
    expect(decisions(a).map((d) => [d.seat, d.kind])).toEqual([[1, 'passage']]);
    const b = step(a, 1, { type: 'answer-passage', accept: true });
    expect(leaderOf(b, 0, 'diplomat')).toMatchObject({ hex: z, ship: 'cruiser' });
    expect(b.units[x]?.space.find((g) => g.owner === 0)?.units.cruiser).toBe(1);
    // The other Cruiser alone carries no Diplomat: Letnev's ships stop it.
    const r = apply(s, 0, move);
    expect(!r.ok && r.error.message).toMatch(/nothing passes through it/);
  });

  it('without a Diplomat in the fleet the ships stop the move as ever', () => {
    const { s, move } = board(false);
    expect(legalActions(s, 0)).not.toContainEqual(move);
    const r = apply(s, 0, move);
    expect(!r.ok && r.error.message).toMatch(/nothing passes through it/);
  });

  it('every choice offered, before and while passage is asked, is accepted', () => {
    const { s, move } = board(true);
    everyOfferAccepted(s);
    everyOfferAccepted(step(s, 0, move));
  });
});
