import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOnBoard, parseHexKey, tileById } from '@outer-rim/map';
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
    const tile = s.galaxy.tiles[key as keyof typeof s.galaxy.tiles];
    const anomaly = tile === undefined ? undefined : tileById(tile.tileId)?.anomaly;
    if ((anomaly === 'supernova' || anomaly === 'asteroid-field') && sys.space.length > 0) {
      out.push(`ships stand in a ${anomaly} at ${key}`);
    }
    for (const g of sys.space) {
      // BG-3 pooled cargo: what stands in space is aboard its owner's Carriers there.
      const held =
        (g.units['ground-force'] ?? 0) + (g.units['shock-force'] ?? 0) + (g.units.pds ?? 0);
      if (held > (g.units.carrier ?? 0) * RULE_CONSTANTS.carrierCapacity) {
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
  const cards = [...s.actionDeck, ...s.actionDiscard, ...s.players.flatMap((p) => p.hand)];
  if (s.phase.name === 'market') cards.push(...s.phase.offers.flatMap((o) => o.cards));
  if (new Set(cards).size !== cards.length) out.push('an action card is in two places');
  return out;
}

describe('Random legal play (property)', () => {
  let moved = 0;
  let loaded = 0;
  let riftRolls = 0;
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
            moved += game.tally['ships-moved'] ?? 0;
            loaded += game.tally['units-loaded'] ?? 0;
            riftRolls += game.tally['rift-rolled'] ?? 0;
          },
        ),
        { numRuns: 2 },
      );
    }, 300_000);
  }

  // Reads the tallies of the games above (tests in a file run in order).
  it('BG-5 / OR-4.2: across those games ships moved, Carriers loaded and ships rolled to leave rifts', () => {
    expect(moved).toBeGreaterThan(100);
    expect(loaded).toBeGreaterThan(0);
    // Not every galaxy has a rift with ships in it; most random games of 2,000 actions do.
    expect(riftRolls).toBeGreaterThan(0);
  });

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
