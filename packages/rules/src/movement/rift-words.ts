import { RULE_CONSTANTS } from '../content/constants.js';

/** "3", "2 or 5", "2, 3 or 4". */
function sideList(sides: readonly number[]): string {
  if (sides.length < 2) return sides.join('');
  return `${sides.slice(0, -1).join(', ')} or ${String(sides[sides.length - 1])}`;
}

/**
 * OR-4.2 Gravity Rift: what a ship's exit roll allows, said as the rulebook says it. A roll of
 * 1–6 lets it out only through the side of that number; a higher roll lets it out through any
 * side, of which some may lead nowhere it may go (off the board, a supernova, an asteroid field):
 * those are named as the ones left, never as a limit the roll set. The phrase follows "it" or
 * "a Cruiser": "may leave only through side 3"; with no way open, "has nowhere to go".
 */
export function riftRollWords(roll: number, sides: readonly number[]): string {
  if (sides.length === 0) return 'has nowhere to go';
  if (roll >= RULE_CONSTANTS.gravityRiftFreeExitMin) {
    if (sides.length === 6) return 'may leave through any side';
    return `may leave through any side; only side ${sideList(sides)} ${sides.length === 1 ? 'leads' : 'lead'} where it may go`;
  }
  return `may leave only through side ${sideList(sides)}`;
}

/**
 * OR-4.2 Gravity Rift: why a move may not pass through one in a single path: the exit roll comes
 * between. Said by the move's refusal and by "why not" on the board.
 */
export function riftEntryWords(system: string): string {
  return `A ship entering ${system} rolls to leave it: end the move there, then roll.`;
}
