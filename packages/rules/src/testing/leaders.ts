import type { GameState, LeaderState, Seat } from '../state/types.js';

/**
 * Test boards for OR-6.2 leaders: one leader of a seat put where a scenario
 * needs it (ids are what the rules read).
 */

/**
 * Options for a two-player game with leaders: Sol (seat 0) and the Barony of
 * Letnev (seat 1), whose home holds Arc Prime and Wren Terra. No Shock Force
 * promotion dice in these scenarios (OR-6.1 has its own tests).
 */
export const SOL_LETNEV = {
  leaders: true,
  shockForces: false,
  players: [{ race: 'sol' as const }, { race: 'letnev' as const }],
};

/** Puts the first leader of `seat` of this type at a place (or captured, killed). */
export function withLeader(
  s: GameState,
  seat: Seat,
  type: LeaderState['type'],
  at: Partial<LeaderState>,
): GameState {
  let done = false;
  return mapLeaders(s, seat, (l) => {
    if (done || l.type !== type) return l;
    done = true;
    return { id: l.id, type: l.type, status: 'active' as const, ...at };
  });
}

/** Every leader of `seat` off the board (killed), so only the ones a test places act. */
export function noLeaders(s: GameState, seat: Seat): GameState {
  return mapLeaders(s, seat, (l) => ({ id: l.id, type: l.type, status: 'killed' as const }));
}

function mapLeaders(s: GameState, seat: Seat, f: (l: LeaderState) => LeaderState): GameState {
  return {
    ...s,
    players: s.players.map((p, i) => (i !== seat ? p : { ...p, leaders: p.leaders.map(f) })),
  };
}

export function leaderOf(s: GameState, seat: Seat, type: LeaderState['type']): LeaderState {
  const l = s.players[seat]?.leaders.find((x) => x.type === type);
  if (l === undefined) throw new Error(`no ${type}`);
  return l;
}
