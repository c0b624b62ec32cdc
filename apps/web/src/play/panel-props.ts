import type { Action, GameView } from '@outer-rim/rules';

/**
 * What every panel of the table gets: the seat's view, its legal actions (a spectator: none),
 * whether an action is on its way, and how to send one.
 */
export interface PanelProps {
  readonly view: GameView;
  /** This viewer's seat; undefined for spectators. */
  readonly seat: number | undefined;
  readonly actions: readonly Action[];
  readonly busy: boolean;
  readonly onAct: (action: Action) => Promise<void>;
}
