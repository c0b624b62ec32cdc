import { describe, expect, it } from 'vitest';
import { apply } from './apply.js';
import { heuristicBot } from './bots/heuristic-bot.js';
import { BRACKETS } from './content/progression.js';
import type { GameEvent } from './events.js';
import { createGame } from './setup/create-game.js';
import { influenceOf, planetsOutsideHome, resourcesOf } from './state/economy.js';
import { playBots } from './testing/bot-play.js';
import { options } from './testing/fixtures.js';
import { randomPlay } from './testing/random-play.js';

/**
 * Random legal play of whole games with every option on (leaders,
 * Shock Forces, a round limit so that every game ends) for 3, 6 and 8
 * players. Every game ends — a winner or the round limit — with no engine
 * error, and the parts of the game that exist on this branch happen.
 * Counted and asserted: leader moves, leaders captured, played action cards
 * (and Sabotage cancellations), trade agreements and trade income, votes
 * cast and laws enacted.
 */
const ROUND_LIMIT = 6;

function count(tally: Partial<Record<string, number>>, ...types: string[]): number {
  return types.reduce((n, t) => n + (tally[t] ?? 0), 0);
}

describe('BG-10 whole games with every option: random legal play ends every game', () => {
  const totals: Partial<Record<string, number>> = {};
  const captured: GameEvent[] = [];
  let scientistPds = 0;

  for (const players of [3, 6, 8]) {
    it(`${players} players, leaders and Shock Forces on, round limit ${ROUND_LIMIT}`, () => {
      for (const seed of [1, 2]) {
        const start = createGame(
          options(players, { leaders: true, shockForces: true, roundLimit: ROUND_LIMIT }),
          `whole-${players}-${seed}`,
        );
        const r = randomPlay(start, 40_000, seed * 7919 + players, (_b, _a, _s, _act, events) => {
          for (const e of events) {
            if (e.type === 'leader-fate') captured.push(e);
            // OR-6.2: the Scientist's 5-credit PDS names its planet.
            if (e.type === 'units-purchased' && e.planet !== undefined) scientistPds++;
          }
        });
        expect(r.problem).toBeUndefined();
        expect(r.state.phase.name).toBe('game-over');
        const over = r.state.phase.name === 'game-over' ? r.state.phase.reason : '';
        expect(['imperium-rex', 'last-with-planets', 'round-limit']).toContain(over);
        if (over === 'round-limit') expect(r.state.round).toBe(ROUND_LIMIT);
        for (const [k, v] of Object.entries(r.tally)) totals[k] = (totals[k] ?? 0) + v;
      }
    });
  }

  it('exercised leaders, captives, played cards and trade; votes and laws', () => {
    const votes = count(totals, 'vote-cast');
    const laws = count(totals, 'law-enacted');
    console.log(
      'whole games:',
      JSON.stringify({ ...pick(totals), fates: fateCounts(captured), scientistPds, votes, laws }),
    );
    expect(count(totals, 'game-over')).toBe(6);
    expect(count(totals, 'leader-moved')).toBeGreaterThan(0);
    expect(captured.length).toBeGreaterThan(0);
    expect(captured.some((e) => e.type === 'leader-fate' && e.fate === 'captured')).toBe(true);
    // OR-6.2: Agents stand in for Sabotage cards (the other abilities are counted in the log line).
    expect(fateCounts(captured).sacrificed ?? 0).toBeGreaterThan(0);
    expect(count(totals, 'card-played')).toBeGreaterThan(0);
    expect(count(totals, 'trade-agreed')).toBeGreaterThan(0);
    expect(count(totals, 'trade-income')).toBeGreaterThan(0);
    expect(votes).toBeGreaterThan(0);
    expect(laws).toBeGreaterThan(0);
  });
});

/** OR-6.2: leader fates by kind (an Agent sacrificed as a Sabotage is killed for it). */
function fateCounts(events: readonly GameEvent[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of events) {
    if (e.type !== 'leader-fate') continue;
    const kind = e.reason === 'sacrificed as a Sabotage card' ? 'sacrificed' : e.fate;
    out[kind] = (out[kind] ?? 0) + 1;
  }
  return out;
}

describe('BG-10 a whole game to a progression win, played by heuristic bots', () => {
  it('3 players with every option climb the chart one bracket per round until one reaches Imperium Rex', () => {
    const players = 3;
    // The round limit is only a net: the game must end before it, by a bracket win.
    const start = createGame(
      options(players, { leaders: true, shockForces: true, roundLimit: 40 }),
      'climb-1',
    );
    const bots = Array.from({ length: players }, (_, s) => heuristicBot(100 + s));
    const r = playBots(start, bots, 50_000);
    expect(r.refused).toEqual([]);
    const end = r.state.phase;
    expect(end).toMatchObject({ name: 'game-over', reason: 'imperium-rex' });
    const winner = r.state.winner;
    if (winner === null) throw new Error('no single winner');
    const top = BRACKETS['imperium-rex'].requires;
    expect(r.state.players[winner]?.bracket).toBe(BRACKETS['imperium-rex'].rank);
    expect(planetsOutsideHome(r.state, winner).length).toBeGreaterThanOrEqual(
      top.planetsOutsideHome,
    );
    expect(r.state.players[winner]?.technologies.length).toBeGreaterThanOrEqual(top.technologies);
    expect(resourcesOf(r.state, winner)).toBeGreaterThanOrEqual(top.resources);
    expect(influenceOf(r.state, winner)).toBeGreaterThanOrEqual(top.influence);
    // One bracket per Progression phase: the winner climbed 1, 2, 3, 4, each in a later round.
    const climbs = r.events.filter(
      (e): e is Extract<GameEvent, { type: 'bracket-reached' }> =>
        e.type === 'bracket-reached' && e.seat === winner,
    );
    expect(climbs.map((e) => e.bracket)).toEqual([1, 2, 3, 4]);
    expect(r.events.filter((e) => e.type === 'game-over')).toEqual([
      { type: 'game-over', winner, reason: 'imperium-rex', winners: [winner] },
    ]);
    // Any other seat that reached the top at the same time lost the tie-break (more influence first).
    r.state.players.forEach((p, s) => {
      if (s !== winner && p.bracket === BRACKETS['imperium-rex'].rank)
        expect(influenceOf(r.state, winner)).toBeGreaterThanOrEqual(influenceOf(r.state, s));
    });
    console.log(
      `BG-10 bot game: seat ${winner + 1} reached Imperium Rex in round ${r.state.round} after ${r.actions.length} actions`,
    );
    // BG-10: after the end every action is refused with GAME_OVER.
    const after = apply(r.state, winner, { type: 'end-turn' });
    expect(after.ok ? undefined : after.error.code).toBe('GAME_OVER');
  });
});

function pick(t: Partial<Record<string, number>>) {
  const keys = [
    'battle-started',
    'planet-captured',
    'leader-moved',
    'card-played',
    'card-cancelled',
    'trade-agreed',
    'trade-income',
    'bracket-reached',
    'technology-bought',
    // OR-6.2: the Diplomat's delay and passage.
    'invasion-delayed',
    'passage-answered',
  ];
  return Object.fromEntries(keys.map((k) => [k, t[k] ?? 0]));
}
