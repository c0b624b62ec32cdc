import type { Draft } from '../state/draft.js';
import type { Seat } from '../state/types.js';
import { truceFine } from './laws.js';

/**
 * BG-8 Long / Short Term Truce: attacking another player (a space battle
 * against its ships, an invasion of its planet) is allowed but costs the
 * attacker 50 / 35 credits, paid to the bank, each time; a player who
 * cannot pay it all pays what it has. Fighting a minor race or taking a
 * neutral planet is no attack on a player.
 */
export function payTruceFine(d: Draft, attacker: Seat): void {
  const truce = truceFine(d.s);
  if (truce === null) return;
  const have = d.s.players[attacker]?.credits ?? 0;
  const amount = Math.min(have, truce.fine);
  if (amount > 0) d.player(attacker).credits -= amount;
  d.emit({ type: 'fine-paid', seat: attacker, amount, reason: `attack under ${truce.law}` });
}
