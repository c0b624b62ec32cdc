import type { Draft } from '../state/draft.js';
import { incomeOf } from '../state/economy.js';

/** BG-2 phase 6: every player gains the resources of the planets it controls (Scientist: OR-6.2). */
export function runReceiveCredits(d: Draft): void {
  for (let seat = 0; seat < d.s.players.length; seat++) {
    const amount = incomeOf(d.s, seat);
    const p = d.player(seat);
    p.credits += amount;
    d.emit({ type: 'credits-received', seat, amount, total: p.credits });
  }
}
