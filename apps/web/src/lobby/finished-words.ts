import { winnersWords } from '@outer-rim/rules';
import type { GameRecord } from '../net/protocol';

/** The seats the record names as winners: all of them, or the single winner of an older record. */
function winnersOf(game: Pick<GameRecord, 'winner' | 'winners'>): number[] {
  if (game.winners !== null) return game.winners;
  return typeof game.winner === 'number' ? [game.winner] : [];
}

/**
 * BG-10: a finished game in the lobby list says so and who won, in the words of the end screen
 * (`winnersWords`, the start of `gameOverText`): "Finished: Ann (Federation of Sol) and Bo
 * (Emirates of Hacan) share the victory".
 */
export function finishedWords(game: Pick<GameRecord, 'seats' | 'winner' | 'winners'>): string {
  const winners = winnersOf(game);
  if (winners.length === 0) return 'Finished: no winner';
  return `Finished: ${winnersWords(game.seats, winners)}`;
}
