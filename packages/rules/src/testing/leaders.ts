import { hexKey, type HexKey } from '@outer-rim/map';
import { apply } from '../apply.js';
import type { GameEvent } from '../events.js';
import type { GameState, LeaderState, Seat } from '../state/types.js';
import { withDice } from './dice.js';

/**
 * Test boards for OR-6.2 leaders: apply with fixed dice, and one leader of a
 * seat put where a scenario needs it (ids are what the rules read).
 */

/** Applies `action` with the next dice fixed to `rolls`; throws on a refusal; events go to `log`. */
export function step(
  s: GameState,
  seat: number,
  action: unknown,
  rolls: number[] = [],
  log: GameEvent[] = [],
): GameState {
  const r = withDice(rolls, () => apply(s, seat, action));
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  log.push(...r.events);
  return r.state;
}

/** Puts the first leader of `seat` of this type at a place (or captured, killed). */
export function withLeader(
  s: GameState,
  seat: Seat,
  type: LeaderState['type'],
  at: Partial<LeaderState>,
): GameState {
  let done = false;
  return {
    ...s,
    players: s.players.map((p, i) =>
      i !== seat
        ? p
        : {
            ...p,
            leaders: p.leaders.map((l) => {
              if (done || l.type !== type) return l;
              done = true;
              return { id: l.id, type: l.type, status: 'active' as const, ...at };
            }),
          },
    ),
  };
}

/** Every leader of `seat` off the board (killed), so only the ones a test places act. */
export function noLeaders(s: GameState, seat: Seat): GameState {
  return {
    ...s,
    players: s.players.map((p, i) =>
      i !== seat
        ? p
        : {
            ...p,
            leaders: p.leaders.map((l) => ({ id: l.id, type: l.type, status: 'killed' as const })),
          },
    ),
  };
}

export function leaderOf(s: GameState, seat: Seat, type: LeaderState['type']): LeaderState {
  const l = s.players[seat]?.leaders.find((x) => x.type === type);
  if (l === undefined) throw new Error(`no ${type}`);
  return l;
}

export function home(s: GameState, seat: Seat): HexKey {
  return hexKey(s.galaxy.homes[seat] ?? { q: 0, r: 0 });
}
