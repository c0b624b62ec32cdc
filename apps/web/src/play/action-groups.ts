import type { HexKey } from '@outer-rim/map';
import type { Action } from '@outer-rim/rules';
import { actionHex } from './action-hex';
import { actionGroupTitle, type WordsContext } from './action-words';

export interface ActionGroup {
  readonly title: string;
  readonly actions: readonly Action[];
}

/** What the decision panel gives the control it draws for one group: its form, buttons or drop-down. */
export interface GroupProps {
  readonly group: ActionGroup;
  readonly names: readonly string[];
  readonly context: WordsContext;
  readonly busy: boolean;
  readonly onAct: (action: Action) => Promise<void>;
}

/** Past this many choices a group is a drop-down instead of a row of buttons. */
export const MAX_BUTTONS = 8;

/**
 * Legal actions grouped under one heading per kind, in the order the engine
 * listed them; when a hex is selected on the board, only actions about that
 * hex (and those about no hex at all, like "End turn") remain.
 */
export function groupActions(actions: readonly Action[], selectedHex?: HexKey): ActionGroup[] {
  const groups = new Map<string, Action[]>();
  for (const action of actions) {
    const hex = actionHex(action);
    if (selectedHex !== undefined && hex !== undefined && hex !== selectedHex) continue;
    // BG-9: purchases for a named planet (Integrated Economy, Gen Synthesis) are choices of their own.
    const title =
      action.type === 'purchase' && action.planet !== undefined
        ? 'Buy for a planet (technologies)'
        : actionGroupTitle(action.type);
    const list = groups.get(title) ?? [];
    list.push(action);
    groups.set(title, list);
  }
  return [...groups.entries()].map(([title, list]) => ({ title, actions: list }));
}

/** Hexes that some legal action refers to: the board highlights them. */
export function legalHexes(actions: readonly Action[]): Set<HexKey> {
  const hexes = new Set<HexKey>();
  for (const action of actions) {
    const hex = actionHex(action);
    if (hex !== undefined) hexes.add(hex);
  }
  return hexes;
}
