import { cardIdOf } from '../content/deck.js';
import type { Moment } from '../cards/catalogue.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table } from '../state/types.js';
import { findLeader, killLeader } from './fates.js';

/**
 * OR-6.2 Agent: "may be sacrificed at any time to act as a Sabotage card;
 * after using an agent for such, remove him from the game". A Sabotage only
 * does something while a card is being played, so the Agent is offered
 * exactly where a Sabotage card would be: in a window answering a card
 * played by another seat, and never against a Sabotage (or another Agent).
 *
 * On the stack the Agent is the pseudo card `agent:<leader id>` (it is no
 * card of the deck: it comes from no hand and goes to no discard pile;
 * cards/window.ts `isSabotage` resolves it as a Sabotage).
 */

export const AGENT_PREFIX = 'agent:';

export function isAgentCard(card: string): boolean {
  return card.startsWith(AGENT_PREFIX);
}

export function agentCard(leaderId: string): string {
  return `${AGENT_PREFIX}${leaderId}`;
}

/** The leader id an Agent pseudo card stands for. */
export function agentLeader(card: string): string {
  return card.slice(AGENT_PREFIX.length);
}

/** The played card a Sabotage (or an Agent) may answer at `m`, if any. */
function sabotageable(m: Moment, seat: Seat): boolean {
  if (m.kind !== 'card' || m.played.seat === seat) return false;
  return cardIdOf(m.played.card) !== 'sabotage' && !isAgentCard(m.played.card);
}

/** `seat`'s Agents on the board or aboard a ship (captives and the dead do nothing). */
function agentsOnBoard(t: Table, seat: Seat): string[] {
  if (!t.options.leaders) return [];
  return (t.players[seat]?.leaders ?? [])
    .filter((l) => l.type === 'agent' && l.status === 'active' && l.hex !== undefined)
    .map((l) => l.id);
}

/** Whether `seat` has an Agent that could be sacrificed at some card moment (public knowledge). */
export function hasAgent(t: Table, seat: Seat): boolean {
  return agentsOnBoard(t, seat).length > 0;
}

/** The Agent sacrifices `seat` may play at `m`, as pseudo cards. */
export function agentPlays(t: Table, seat: Seat, m: Moment): string[] {
  return sabotageable(m, seat) ? agentsOnBoard(t, seat).map(agentCard) : [];
}

/** Why `seat` cannot sacrifice this Agent now, or null. */
export function agentProblem(t: Table, seat: Seat, card: string, m: Moment): string | null {
  if (!agentPlays(t, seat, m).includes(card)) {
    return m.kind === 'card' && sabotageable(m, seat)
      ? 'That is none of your Agents on the board.'
      : 'An Agent is sacrificed only to cancel a card being played, as a Sabotage.';
  }
  return null;
}

/** The Agent is removed from the game as it is played (already checked). */
export function sacrificeAgent(d: Draft, seat: Seat, card: string): void {
  const ref = findLeader(d.s, agentLeader(card));
  if (ref?.owner !== seat) return;
  killLeader(d, seat, ref.leader, 'sacrificed as a Sabotage card');
}
