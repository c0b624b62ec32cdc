import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOnBoard, parseHexKey } from '@outer-rim/map';
import { RULE_CONSTANTS } from './content/constants.js';
import { decisions } from './decisions.js';
import { createGame } from './setup/create-game.js';
import type { GameState } from './state/types.js';
import { options } from './testing/fixtures.js';
import { randomPlay } from './testing/random-play.js';

/** Invariants that hold after every action. */
function invariantProblems(s: GameState): string[] {
  const out: string[] = [];
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
  const cards = [...s.actionDeck, ...s.actionDiscard, ...s.players.flatMap((p) => p.hand)];
  if (s.phase.name === 'market') cards.push(...s.phase.offers.flatMap((o) => o.cards));
  if (new Set(cards).size !== cards.length) out.push('an action card is in two places');
  return out;
}

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
          },
        ),
        { numRuns: 2 },
      );
    }, 300_000);
  }

  it('BG-6 / BG-7 / BG-8: random legal play reaches battles, invasions, votes and laws, and planets change hands', () => {
    let seized = 0;
    const politics = { votes: 0, agendas: 0, laws: 0, elections: 0 };
    for (let players = 2; players <= 8; players++) {
      const start = createGame(options(players), `combat-${players}`);
      const seen = { battles: 0, rounds: 0, invasions: 0, captures: 0 };
      const problems: string[] = [];
      const minorPlanets = new Set(
        Object.entries(start.planets)
          .filter(([, p]) => typeof p.owner === 'string')
          .map(([name]) => name),
      );
      const game = randomPlay(start, 3000, players, (_before, after, _seat, _action, events) => {
        for (const e of events) {
          if (e.type === 'battle-started' && e.defender !== null) seen.battles++;
          if (e.type === 'battle-round') seen.rounds++;
          if (e.type === 'invasion-started') seen.invasions++;
          if (e.type === 'planet-captured') seen.captures++;
          if (e.type === 'planet-captured' && e.from !== null) seized++;
          if (e.type === 'vote-cast' && e.votes > 0) politics.votes++;
          if (e.type === 'agenda-resolved') politics.agendas++;
          if (e.type === 'law-enacted') politics.laws++;
          if (e.type === 'agenda-resolved' && e.result.includes(':')) politics.elections++;
        }
        if (problems.length === 0) problems.push(...invariantProblems(after));
        // OR-2.2: a minor race's planet is never neutral.
        for (const name of minorPlanets) {
          if (after.planets[name]?.owner === null) problems.push(`${name} became neutral`);
        }
      });
      expect(game.problem).toBeUndefined();
      expect(problems).toEqual([]);
      expect(seen.battles, `${players} players: battles`).toBeGreaterThan(0);
      expect(seen.rounds, `${players} players: battle rounds`).toBeGreaterThan(0);
      expect(seen.invasions, `${players} players: invasions`).toBeGreaterThan(0);
      expect(seen.captures, `${players} players: planets changing hands`).toBeGreaterThan(0);
    }
    // Not only neutral planets: some are taken from a player or a minor race.
    expect(seized).toBeGreaterThan(0);
    // BG-8: with 3+ players every round holds a vote; some laws pass and some elections elect.
    expect(politics.votes).toBeGreaterThan(0);
    expect(politics.agendas).toBeGreaterThan(0);
    expect(politics.laws).toBeGreaterThan(0);
    expect(politics.elections).toBeGreaterThan(0);
  }, 300_000);

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
