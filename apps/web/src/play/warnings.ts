import type { Action } from '@outer-rim/rules';
import { unitWord, type WordsContext } from './action-words';

/**
 * When one of the player's own choices throws units or credits away, the
 * sentence that says so before it is sent; undefined when nothing is lost.
 */
export function warningFor(action: Action, context: WordsContext): string | undefined {
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
