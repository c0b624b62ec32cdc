import { PROGRESSION, WINNING_BRACKET, meetsBracket } from '../content/progression.js';
import { RACES } from '../content/races.js';
import type { Draft } from '../state/draft.js';
import { influenceOf, planetsOutsideHome, resourcesOf } from '../state/economy.js';
import { planetsOf } from '../state/board.js';
import type { RaceId } from '@outer-rim/map';
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

/** BG-10: the first place among `seats`: the best ranked and every seat tied with it on every tie-break. */
function firstPlace(t: Table, seats: readonly Seat[]): Seat[] {
  const ranked = rankWinners(t, seats);
  const first = ranked[0];
  return first === undefined ? [] : ranked.filter((s) => tiedOnBreaks(t, first, s)).sort();
}

/**
 * The game ends with its winners named: one, or several sharing the victory (tied on every
 * tie-break). `winner` stays the single winner (null when shared), as stored games have it.
 */
export function endGame(d: Draft, winners: readonly Seat[], reason: string): void {
  const winner = winners.length === 1 ? (winners[0] ?? null) : null;
  d.s.winner = winner;
  d.s.phase = { name: 'game-over', reason, winners: [...winners] };
  d.emit({ type: 'game-over', winner, reason, winners: [...winners] });
}

/**
 * BG-10: who won a finished game. Games stored before the winners were kept name their single
 * winner; a shared victory of theirs is worked out again from the final standing.
 */
export function winnersOf(t: Table): Seat[] {
  if (t.phase.name !== 'game-over') return [];
  if (t.phase.winners !== undefined) return t.phase.winners;
  if (t.winner !== null) return [t.winner];
  const top = Math.max(...t.players.map((p) => p.bracket));
  return firstPlace(
    t,
    t.players.map((_, s) => s).filter((s) => t.players[s]?.bracket === top),
  );
}

/**
 * BG-10: the one sentence that says who won and why, on the end screen, in the header, the log,
 * the replay and the lobby: "Ann (Federation of Sol) wins: Ann reached Imperium Rex, …".
 */
export function gameOverText(t: Table): string {
  if (t.phase.name !== 'game-over') return '';
  const why = winReasonText(t.phase.reason);
  const name = (s: Seat): string => t.players[s]?.name ?? `Seat ${s + 1}`;
  const winners = winnersOf(t);
  const [only, ...others] = winners;
  const who = winnersWords(t.players, winners);
  if (only === undefined) return `The game is over: ${who} (${why}).`;
  if (others.length === 0) return `${who}: ${name(only)} ${why}.`;
  return `${who}: they ${why}, and tied on influence and on resources (BG-10).`;
}

/**
 * BG-10: who won, worded once for every place that says it (the sentence of `gameOverText`, the
 * lobby's and "my games"' finished games): "Ann (Federation of Sol) wins", "Ann (Federation of
 * Sol) and Bo (Emirates of Hacan) share the victory", "nobody could be named the winner".
 */
export function winnersWords(
  players: readonly { readonly name?: string | null; readonly race?: string }[],
  winners: readonly Seat[],
): string {
  const who = (s: Seat): string => {
    const name = players[s]?.name ?? `Seat ${s + 1}`;
    const race = players[s]?.race;
    const known = race !== undefined && race in RACES ? RACES[race as RaceId].name : undefined;
    return known === undefined ? name : `${name} (${known})`;
  };
  const [only, ...others] = winners;
  if (only === undefined) return 'nobody could be named the winner';
  if (others.length === 0) return `${who(only)} wins`;
  const last = winners.at(-1) ?? only;
  return `${winners.slice(0, -1).map(who).join(', ')} and ${who(last)} share the victory`;
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
    endGame(d, firstPlace(d.s, reachedTop), 'imperium-rex');
    return true;
  }
  const withPlanets = d.s.players.map((_, s) => s).filter((s) => planetsOf(d.s, s).length > 0);
  if (withPlanets.length === 1 && d.s.players.length > 1) {
    endGame(d, withPlanets, 'last-with-planets');
    return true;
  }
  return false;
}

/** BG-10 round limit: the highest bracket wins, ties by influence then resources. */
export function endByRoundLimit(d: Draft): void {
  const top = Math.max(...d.s.players.map((p) => p.bracket));
  const best = d.s.players.map((p, s) => (p.bracket === top ? s : -1)).filter((s) => s >= 0);
  endGame(d, firstPlace(d.s, best), 'round-limit');
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
