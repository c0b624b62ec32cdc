import type { HexKey } from '@outer-rim/map';
import { apply, legalActions, view, type Action, type GameState } from '@outer-rim/rules';
import type { ComponentChild } from 'preact';
import { render } from 'preact';
import { withDice } from '@outer-rim/rules/testing';
import type { LogEntry } from './live-game';
import type { PanelProps } from './panel-props';

/**
 * Component-test fixtures for the play panels: what a seat's panel is given
 * (its view, the engine's legal actions, a send that records), and the log
 * the page would keep.
 */

/** A fresh element in the page to render into. */
export const root = (): HTMLElement => document.body.appendChild(document.createElement('div'));

/** An `onAct` that records what the panel sends and resolves. */
export function recorder(sent: Action[]): (a: Action) => Promise<void> {
  return (a) => {
    sent.push(a);
    return Promise.resolve();
  };
}

export type SeatProps = PanelProps;

/** What a panel gets for `viewer`: its view and legal actions (a spectator: none), not busy. */
export function seatProps(
  s: GameState,
  viewer: number | 'spectator',
  sent: Action[] = [],
): SeatProps {
  const v = view(s, viewer);
  const seat = viewer === 'spectator' ? undefined : viewer;
  return {
    view: v,
    seat,
    actions: seat === undefined ? [] : legalActions(v, seat),
    busy: false,
    onAct: recorder(sent),
  };
}

type Panel = (props: SeatProps & { readonly log: readonly LogEntry[] }) => ComponentChild;

/** Renders `Panel` as `viewer` sees `s` into a fresh element (`alone`: the only one in the page). */
export function showPanel(
  Panel: Panel,
  s: GameState,
  viewer: number | 'spectator',
  sent: Action[] = [],
  { log = [], alone = false }: { log?: readonly LogEntry[]; alone?: boolean } = {},
): HTMLElement {
  if (alone) document.body.innerHTML = '';
  const el = root();
  render(<Panel {...seatProps(s, viewer, sent)} log={log} />, el);
  return el;
}

/** Applies an action with the next dice fixed and keeps its events in `log` as the page does. */
export function logged(
  s: GameState,
  seat: number,
  a: Action,
  log: LogEntry[],
  dice: number[] = [],
): GameState {
  const r = withDice(dice, () => apply(s, seat, a));
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  log.push({ seq: log.length + 1, seat, events: r.events });
  return r.state;
}

/**
 * OR-6.2: `s` with leaders in play and `seat`'s Agent (its only leader) aboard one of its ships
 * of kind `ship` at `hex`; the ships themselves are the caller's to place.
 */
export function withAgentAboard(
  s: GameState,
  seat: number,
  hex: string,
  ship: 'cruiser' | 'fighter',
): GameState {
  const race = s.players[seat]?.race ?? 'sol';
  return {
    ...s,
    options: { ...s.options, leaders: true },
    players: s.players.map((p, i) =>
      i !== seat
        ? p
        : {
            ...p,
            leaders: [
              {
                id: `${race}-agent-1`,
                type: 'agent',
                status: 'active',
                hex: hex as HexKey,
                ship,
              },
            ],
          },
    ),
  };
}
