import type { Action } from '@outer-rim/rules';
import { unitWord, type WordsContext } from './action-words';

/**
 * When one of the player's own choices throws units or credits away, or ends a turn that could
 * still land troops, the sentence that says so before it is sent; undefined when nothing is lost.
 * `legal`: the seat's legal actions now.
 */
export function warningFor(
  action: Action,
  context: WordsContext,
  legal: readonly Action[] = [],
): string | undefined {
  if (action.type === 'end-turn' || action.type === 'end-segment') {
    // BG-7: a landing (and the invasion it starts) is part of the active player's turn; ending
    // the turn, or the segment it belongs to, gives it up.
    const planets = [
      ...new Set(
        legal.flatMap((a) => (a.type === 'land' || a.type === 'land-leader' ? [a.planet] : [])),
      ),
    ];
    if (planets.length > 0) {
      const where = planets.length === 1 ? (planets[0] ?? '') : `${String(planets.length)} planets`;
      return `You can still land on ${where}. Ending now gives that landing up for this turn.`;
    }
  }
  if (action.type === 'end-placement') {
    const left = Object.entries(context.purchases ?? {}).filter(([, n]) => (n ?? 0) > 0);
    if (left.length === 0) return undefined;
    const what = left.map(([unit, n = 0]) => `${n} ${unitWord(unit, n)}`).join(', ');
    return `Still waiting to be placed: ${what}. Units left unplaced are lost, and their credits are not refunded.`;
  }
  // BG-7: a turn that ends leaves its Invasion Combat segment; forces that could land stay aboard.
  if (
    action.type === 'end-turn' &&
    context.segment === 'invasion-combat' &&
    (context.landings?.length ?? 0) > 0
  ) {
    return `Your forces can still land in ${(context.landings ?? []).join(', ')}. End your turn without landing there?`;
  }
  return undefined;
}
