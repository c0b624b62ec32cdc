import fc from 'fast-check';
import { capacityOf, hasStasis } from './combat/forces.js';
import { describe, expect, it } from 'vitest';
import { isOnBoard, parseHexKey, tileById } from '@outer-rim/map';
import { RULE_CONSTANTS } from './content/constants.js';
import { UNIT_TYPES } from './content/units.js';
import { apply } from './apply.js';
import { decisions, decisionsOf } from './decisions.js';
import { legalActions } from './legal-actions.js';
import { createGame } from './setup/create-game.js';
import type { GameState } from './state/types.js';
import { options } from './testing/fixtures.js';
import { lcg, randomPlay } from './testing/random-play.js';

/** Invariants that hold after every action. */
function invariantProblems(s: GameState): string[] {
  const out: string[] = [];
  // What `apply` remembered of the state it made is what the state awaits, worked out afresh.
  if (JSON.stringify(decisionsOf(s)) !== JSON.stringify(decisions(s))) {
    out.push(`the decisions remembered in ${s.phase.name} are not the state's own`);
  }
  const discarding = new Set(
    decisions(s)
      .filter((d) => d.kind === 'discard')
      .map((d) => d.seat),
  );
  s.players.forEach((p, seat) => {
    if (!Number.isInteger(p.credits) || p.credits < 0)
      out.push(`seat ${seat} credits ${p.credits}`);
    if (p.hand.length > RULE_CONSTANTS.actionCardHandLimit && !discarding.has(seat)) {
      out.push(`seat ${seat} holds ${p.hand.length} cards`);
    }
  });
  for (const [key, sys] of Object.entries(s.units)) {
    const tile = s.galaxy.tiles[key as keyof typeof s.galaxy.tiles];
    const anomaly = tile === undefined ? undefined : tileById(tile.tileId)?.anomaly;
    if ((anomaly === 'supernova' || anomaly === 'asteroid-field') && sys.space.length > 0) {
      out.push(`ships stand in a ${anomaly} at ${key}`);
    }
    for (const g of sys.space) {
      // BG-3 pooled cargo: what stands in space is aboard its owner's Carriers there
      // (BG-9 Stasis Capsules: or one Ground Force aboard each Cruiser and Dreadnought).
      const held =
        (g.units['ground-force'] ?? 0) + (g.units['shock-force'] ?? 0) + (g.units.pds ?? 0);
      if (held > capacityOf(g.units, hasStasis(s, g.owner))) {
        out.push(`${String(g.owner)} holds ${held} units in space at ${key} beyond its Carriers`);
      }
    }
    if (
      !isOnBoard(s.galaxy, parseHexKey(key)) ||
      s.galaxy.tiles[key as keyof typeof s.galaxy.tiles] === undefined
    ) {
      out.push(`units on ${key}, which is no system`);
    }
    for (const [planet, groups] of Object.entries(sys.planets)) {
      if (groups.length > 0 && s.planets[planet]?.hex !== key)
        out.push(`units on ${planet}, not at ${key}`);
    }
    for (const g of [...sys.space, ...Object.values(sys.planets).flat()]) {
      for (const n of Object.values(g.units))
        if (!Number.isInteger(n) || n <= 0) out.push(`count ${n} at ${key}`);
    }
  }
  // BG-6: once the Space Battle segment is over, no system holds the active player's ships and another's.
  if (s.phase.name === 'individual-turns' && s.phase.segment === 'invasion-combat') {
    const active = s.phase.active;
    for (const [key, sys] of Object.entries(s.units)) {
      const fleets = sys.space.filter((g) =>
        (['dreadnought', 'carrier', 'cruiser', 'fighter'] as const).some(
          (k) => (g.units[k] ?? 0) > 0,
        ),
      );
      if (fleets.some((g) => g.owner === active) && fleets.some((g) => g.owner !== active)) {
        out.push(`unfought battle at ${key}`);
      }
    }
  }
  // OR-6.2: a leader stands on a friendly planet with friendly troops (or joins the invasion
  // in progress there) or aboard a ship of its type; a captive is in exactly its captor's list.
  const invaded =
    s.phase.name === 'individual-turns' ? s.phase.combat?.invasion?.planet : undefined;
  s.players.forEach((p, owner) => {
    for (const l of p.leaders) {
      const held = s.players.filter((c) => c.captives.some((x) => x.leaderId === l.id)).length;
      if (l.status === 'captured') {
        const captor = l.captor === undefined ? undefined : s.players[l.captor];
        if (held !== 1 || captor?.captives.some((x) => x.leaderId === l.id) !== true)
          out.push(`${l.id} captured but held ${held} times`);
        continue;
      }
      if (held !== 0) out.push(`${l.id} is ${l.status} and also held captive`);
      if (l.status !== 'active' || l.hex === undefined) continue;
      if (l.planet !== undefined) {
        if (l.planet === invaded) continue;
        const u = s.units[l.hex]?.planets[l.planet]?.find((g) => g.owner === owner)?.units;
        const troops = (u?.['ground-force'] ?? 0) + (u?.['shock-force'] ?? 0);
        if (s.planets[l.planet]?.owner !== owner || troops === 0)
          out.push(`${l.id} on ${l.planet} without its own troops`);
      } else {
        const ships =
          l.ship === undefined
            ? 0
            : (s.units[l.hex]?.space.find((g) => g.owner === owner)?.units[l.ship] ?? 0);
        if (ships === 0) out.push(`${l.id} aboard no ship at ${l.hex}`);
      }
    }
  });
  const cards = [...s.actionDeck, ...s.actionDiscard, ...s.players.flatMap((p) => p.hand)];
  if (s.phase.name === 'market') cards.push(...s.phase.offers.flatMap((o) => o.cards));
  if (new Set(cards).size !== cards.length) out.push('an action card is in two places');
  return out;
}

/**
 * What each seat is offered, checked for every seat and not only the one that acts: every action
 * `legalActions` offers is accepted by `apply`, and a seat that owes no decision is offered nothing.
 */
function offerProblems(s: GameState): string[] {
  const out: string[] = [];
  const owing = new Set(decisions(s).map((d) => d.seat));
  s.players.forEach((_player, seat) => {
    const offered = legalActions(s, seat);
    if (!owing.has(seat) && offered.length > 0) {
      out.push(`seat ${seat} owes nothing in ${s.phase.name} but is offered ${offered[0]?.type}`);
    }
    for (const action of offered) {
      const r = apply(s, seat, action);
      if (!r.ok) out.push(`seat ${seat} offered ${JSON.stringify(action)}: ${r.error.code}`);
    }
  });
  return out;
}

/** Games random play once broke, by player count: replayed before the new draws. */
const KNOWN_COUNTEREXAMPLES: Partial<Record<number, [number, 'auto' | 'build'][]>> = {
  5: [[882385, 'auto']],
};

describe('Random legal play (property)', () => {
  for (let players = 2; players <= 8; players++) {
    it(`${players} players, 2,000 actions: legal actions are accepted, invariants hold, someone always decides`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 1_000_000 }),
          fc.constantFrom('auto' as const, 'build' as const),
          (seed, mode) => {
            const start = createGame(options(players, { galaxy: { mode } }), `prop-${seed}`);
            const problems: string[] = [];
            const game = randomPlay(start, 2000, seed, (_before, after) => {
              if (problems.length === 0) problems.push(...invariantProblems(after));
            });
            expect(game.problem).toBeUndefined();
            expect(problems).toEqual([]);
            expect(game.played.length === 2000 || game.state.phase.name === 'game-over').toBe(true);
            // BG-5: fleets really move (and Carriers really load) in random play.
            expect(game.tally['ships-moved'] ?? 0).toBeGreaterThan(0);
          },
        ),
        // Unpinned: each run draws new games (a failure prints its seed to replay). Counterexamples
        // found so far run first: [882385, 'auto'] at 5 players lost a Ground Force to a Spatial Jump.
        { numRuns: 3, examples: KNOWN_COUNTEREXAMPLES[players] ?? [] },
      );
    }, 300_000);
  }

  it('BG-6 / BG-7 / BG-8: random legal play reaches battles, invasions, votes and laws, and planets change hands', () => {
    let seized = 0;
    let invasions = 0;
    let leaderMoves = 0;
    const fates: Record<string, number> = {};
    const cards = { played: 0, cancelled: 0, trades: 0, tradeIncome: 0 };
    const politics = { votes: 0, agendas: 0, laws: 0, elections: 0 };
    for (let players = 2; players <= 8; players++) {
      const start = createGame(options(players), `combat-${players}`);
      const seen = { battles: 0, rounds: 0, captures: 0 };
      const problems: string[] = [];
      const minorPlanets = new Set(
        Object.entries(start.planets)
          .filter(([, p]) => typeof p.owner === 'string')
          .map(([name]) => name),
      );
      const game = randomPlay(start, 3000, players, (before, after, _seat, _action, events) => {
        for (const e of events) {
          if (e.type === 'battle-started' && e.defender !== null) seen.battles++;
          if (e.type === 'battle-round') seen.rounds++;
          if (e.type === 'invasion-started') invasions++;
          if (e.type === 'card-played') cards.played++;
          if (e.type === 'card-cancelled') cards.cancelled++;
          if (e.type === 'trade-agreed') cards.trades++;
          if (e.type === 'trade-income') cards.tradeIncome++;
          if (e.type === 'planet-captured') seen.captures++;
          if (e.type === 'planet-captured' && e.from !== null) seized++;
          if (e.type === 'leader-moved') leaderMoves++;
          if (e.type === 'leader-fate') fates[e.fate] = (fates[e.fate] ?? 0) + 1;
          if (e.type === 'vote-cast' && e.votes > 0) politics.votes++;
          if (e.type === 'agenda-resolved') politics.agendas++;
          if (e.type === 'law-enacted') politics.laws++;
          if (e.type === 'agenda-resolved' && e.result.includes(':')) politics.elections++;
        }
        if (problems.length === 0) problems.push(...invariantProblems(after));
        // OR-2.2: a minor race's planet is never neutral (once conquered it is an ordinary planet).
        for (const name of minorPlanets) {
          if (
            typeof before.planets[name]?.owner === 'string' &&
            after.planets[name]?.owner === null
          )
            problems.push(`${name} became neutral`);
        }
      });
      expect(game.problem).toBeUndefined();
      expect(problems).toEqual([]);
      expect(seen.battles, `${players} players: battles`).toBeGreaterThan(0);
      expect(seen.rounds, `${players} players: battle rounds`).toBeGreaterThan(0);
      expect(seen.captures, `${players} players: planets changing hands`).toBeGreaterThan(0);
    }
    // Invasions against defenders happen, and some planets are taken from a player or a minor race.
    expect(invasions).toBeGreaterThan(0);
    // BG-9 / BG-11: action cards are played (some cancelled by Sabotage), trade agreements made and paid.
    expect(cards.played).toBeGreaterThan(0);
    expect(cards.trades).toBeGreaterThan(0);
    expect(cards.tradeIncome).toBeGreaterThan(0);
    expect(seized).toBeGreaterThan(0);
    // OR-6.2: leaders board, move and meet their fates; some are captured (captives exist).
    console.log('OR-6.2 leader fates in random play:', leaderMoves, 'moves', JSON.stringify(fates));
    expect(leaderMoves).toBeGreaterThan(0);
    expect(fates.captured ?? 0).toBeGreaterThan(0);
    expect(fates.killed ?? 0).toBeGreaterThan(0);
    // OR-6.2 captives in the Political phase (handed over, executed) and rescue happen too.
    expect((fates['handed-over'] ?? 0) + (fates.executed ?? 0)).toBeGreaterThan(0);
    expect(fates.rescued ?? 0).toBeGreaterThan(0);
    // BG-8: with 3+ players every round holds a vote; some laws pass and some elections elect.
    expect(politics.votes).toBeGreaterThan(0);
    expect(politics.agendas).toBeGreaterThan(0);
    expect(politics.laws).toBeGreaterThan(0);
    expect(politics.elections).toBeGreaterThan(0);
  }, 300_000);

  it('BG-6 / BG-7: combat actions off the legal list are refused with a rule error, never a crash', () => {
    const kinds = UNIT_TYPES.filter((u) => u !== 'spacedock');
    for (const players of [2, 5, 8]) {
      const rnd = lcg(players * 7919);
      const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(rnd() * xs.length)];
      const start = createGame(options(players), `combat-fuzz-${players}`);
      const problems: string[] = [];
      const hexes = Object.keys(start.galaxy.tiles);
      const planets = Object.keys(start.planets);
      let tried = 0;
      let accepted = 0;
      randomPlay(start, 2500, players + 100, (_before, after) => {
        if (after.phase.name !== 'individual-turns' || problems.length > 0) return;
        for (const d of decisions(after)) {
          // Near misses of legal answers: a legal loss list with one count changed, landings
          // on the planets of systems where something stands, withdrawals anywhere.
          const legal = legalActions(after, d.seat);
          const chosen = pick(legal.filter((a) => a.type === 'choose-casualties'));
          const losses: Record<string, number | undefined> = { ...(chosen?.losses ?? {}) };
          const kind = pick(kinds) ?? 'cruiser';
          losses[kind] = Math.max(0, (losses[kind] ?? 0) + (rnd() < 0.5 ? 1 : -1));
          const count = (): number => Math.floor(rnd() * 4);
          const hex = pick(Object.keys(after.units)) ?? '0,0';
          const candidates = [
            { type: 'choose-casualties', losses },
            { type: 'withdraw', to: pick(hexes) },
            { type: 'fight-on' },
            { type: 'capture-installations', capture: rnd() < 0.5 },
            {
              type: 'land',
              hex,
              planet: pick(planets.filter((p) => after.planets[p]?.hex === hex)) ?? pick(planets),
              groundForces: count(),
              shockForces: count(),
              pds: count(),
              bombard: count(),
            },
          ];
          for (const action of candidates) {
            tried++;
            const r = apply(after, d.seat, action);
            if (!r.ok) {
              if (!['ILLEGAL_ACTION', 'NOT_YOUR_DECISION'].includes(r.error.code)) {
                problems.push(`${JSON.stringify(action)} -> ${r.error.code} ${r.error.message}`);
              }
            } else {
              accepted++;
              problems.push(...invariantProblems(r.state));
            }
          }
        }
      });
      expect(problems).toEqual([]);
      expect(tried).toBeGreaterThan(100);
      expect(accepted).toBeGreaterThan(0);
    }
  }, 300_000);

  // Its own games, with fixed seeds: it passes alone and in any order.
  it('BG-5 / OR-4.2: in random play ships move, Carriers load and ships roll to leave rifts', () => {
    const tally = { moved: 0, loaded: 0, riftRolls: 0 };
    for (let players = 2; players <= 8; players++) {
      const start = createGame(options(players), `movement-${players}`);
      const game = randomPlay(start, 2000, players * 31);
      expect(game.problem).toBeUndefined();
      tally.moved += game.tally['ships-moved'] ?? 0;
      tally.loaded += game.tally['units-loaded'] ?? 0;
      tally.riftRolls += game.tally['rift-rolled'] ?? 0;
    }
    expect(tally.moved).toBeGreaterThan(100);
    expect(tally.loaded).toBeGreaterThan(0);
    // Not every galaxy has a rift with ships in it; some of these seven games do.
    expect(tally.riftRolls).toBeGreaterThan(0);
  }, 300_000);
  for (let players = 2; players <= 8; players++) {
    it(`${players} players: every seat is offered only what apply accepts, and nothing while it owes nothing`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
          const start = createGame(options(players, { roundLimit: 3 }), `offers-${seed}`);
          const problems: string[] = [...offerProblems(start)];
          const game = randomPlay(start, 1500, seed, (_before, after) => {
            if (problems.length < 5) problems.push(...offerProblems(after));
          });
          expect(game.problem).toBeUndefined();
          expect(problems).toEqual([]);
        }),
        { numRuns: 4 },
      );
    }, 300_000);
  }

  it('games with a round limit end, with nobody left owing a decision', () => {
    for (let players = 2; players <= 8; players++) {
      const start = createGame(options(players, { roundLimit: 3 }), `limit-${players}`);
      const game = randomPlay(start, 20_000, players);
      expect(game.problem).toBeUndefined();
      expect(game.state.phase.name).toBe('game-over');
      expect(decisions(game.state)).toEqual([]);
    }
  }, 300_000);
});
