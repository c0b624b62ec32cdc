import { PROGRESSION, WINNING_BRACKET, meetsBracket } from '../content/progression.js';
import type { Draft } from '../state/draft.js';
import { influenceOf, planetsOutsideHome, resourcesOf } from '../state/economy.js';
import { planetsOf } from '../state/board.js';
import type { Seat, Table } from '../state/types.js';

/** BG-10 tie-break among winners: more influence, then more resources. */
function rankWinners(t: Table, seats: readonly Seat[]): Seat[] {
  return seats
    .slice()
    .sort(
      (a, b) =>
        influenceOf(t, b) - influenceOf(t, a) || resourcesOf(t, b) - resourcesOf(t, a) || a - b,
    );
}

/** Are `a` and `b` tied on every BG-10 tie-break? */
function tiedOnBreaks(t: Table, a: Seat, b: Seat): boolean {
  return influenceOf(t, a) === influenceOf(t, b) && resourcesOf(t, a) === resourcesOf(t, b);
}

export function endGame(d: Draft, winner: Seat | null, reason: string): void {
  d.s.winner = winner;
  d.s.phase = { name: 'game-over', reason };
  d.emit({ type: 'game-over', winner, reason });
}

/**
 * BG-2 phase 1 / BG-10: each player climbs at most one bracket when it
 * meets the next bracket's needs. Climbing is never a disadvantage, so it
 * happens without asking. Reaching Imperium Rex wins at once (ties: more
 * influence, then more resources); so does being the only player with
 * planets left. Returns true when the game has ended.
 */
export function runProgression(d: Draft): boolean {
  const reachedTop: Seat[] = [];
  for (let seat = 0; seat < d.s.players.length; seat++) {
    const p = d.s.players[seat];
    const next = p === undefined ? undefined : PROGRESSION[p.bracket + 1];
    if (next === undefined) continue;
    const have = {
      planetsOutsideHome: planetsOutsideHome(d.s, seat).length,
      technologies: p?.technologies.length ?? 0,
      resources: resourcesOf(d.s, seat),
      influence: influenceOf(d.s, seat),
    };
    if (!meetsBracket(have, next)) continue;
    d.player(seat).bracket = next.rank;
    d.emit({ type: 'bracket-reached', seat, bracket: next.rank, name: next.name });
    if (next.id === WINNING_BRACKET) reachedTop.push(seat);
  }
  if (reachedTop.length > 0) {
    const [first, second] = rankWinners(d.s, reachedTop);
    const shared = second !== undefined && first !== undefined && tiedOnBreaks(d.s, first, second);
    endGame(d, shared ? null : (first ?? null), 'imperium-rex');
    return true;
  }
  const withPlanets = d.s.players.map((_, s) => s).filter((s) => planetsOf(d.s, s).length > 0);
  if (withPlanets.length === 1 && d.s.players.length > 1) {
    endGame(d, withPlanets[0] ?? null, 'last-with-planets');
    return true;
  }
  return false;
}

/** BG-10 round limit: the highest bracket wins, ties by influence then resources. */
export function endByRoundLimit(d: Draft): void {
  const top = Math.max(...d.s.players.map((p) => p.bracket));
  const best = d.s.players.map((p, s) => (p.bracket === top ? s : -1)).filter((s) => s >= 0);
  const [first, second] = rankWinners(d.s, best);
  const shared = second !== undefined && first !== undefined && tiedOnBreaks(d.s, first, second);
  endGame(d, shared ? null : (first ?? null), 'round-limit');
}

/** BG-10: why a game ended, in words a player reads on the end screen and in the log. */
export function winReasonText(reason: string): string {
  switch (reason) {
    case 'imperium-rex':
      return 'reached Imperium Rex, the top of the progression chart';
    case 'last-with-planets':
      return 'was the last player with planets';
    case 'round-limit':
      return 'stood highest on the progression chart when the round limit was reached';
    default:
      return reason;
  }
}
