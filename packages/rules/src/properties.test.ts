import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOnBoard, parseHexKey } from '@outer-rim/map';
import { RULE_CONSTANTS } from './content/constants.js';
import { apply } from './apply.js';
import { decisions } from './decisions.js';
import { legalActions } from './legal-actions.js';
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
