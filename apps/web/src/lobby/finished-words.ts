import type { GameRecord } from '../net/protocol';
import { raceLabel } from './race';

/** The seats the record names as winners: one seat, several (a shared victory), or none. */
function winnersOf(winner: unknown): number[] {
  if (typeof winner === 'number') return [winner];
  if (Array.isArray(winner)) return winner.filter((w): w is number => typeof w === 'number');
  return [];
}

function names(list: readonly string[]): string {
  if (list.length < 2) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${String(list[list.length - 1])}`;
}

/**
 * BG-10: a finished game in the lobby list says so and who won, as the end screen does
 * ("Ann (Federation of Sol) wins").
 */
export function finishedWords(game: Pick<GameRecord, 'seats' | 'winner'>): string {
  const who = winnersOf(game.winner).flatMap((seat) => {
    const s = game.seats[seat];
    if (s?.name === null || s === undefined) return [];
    return [s.race === 'random' ? s.name : `${s.name} (${raceLabel(s.race)})`];
  });
  if (who.length === 0) return 'Finished: no winner';
  return who.length === 1
    ? `Finished: ${who[0] ?? ''} wins`
    : `Finished: ${names(who)} share the victory`;
}
