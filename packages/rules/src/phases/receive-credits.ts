import { effectsInForce } from '../cards/in-force.js';
import { planetDef, planetsOf } from '../state/board.js';
import type { Draft } from '../state/draft.js';
import { incomeOf } from '../state/economy.js';
import type { Seat, Table } from '../state/types.js';

/**
 * What a seat receives this phase, with the BG-9 cards played as it began:
 * Good Year (+1 per planet), Local Unrest (a planet yields nothing),
 * Stellar Criminals (half, rounded down, applied last).
 */
export function creditsThisPhase(t: Table, seat: Seat): number {
  let amount = incomeOf(t, seat);
  const planets = planetsOf(t, seat);
  amount += effectsInForce(t, 'good-year', seat).length * planets.length;
  for (const e of effectsInForce(t, 'local-unrest')) {
    const planet = e.target?.planet;
    if (planet !== undefined && planets.includes(planet))
      amount -= planetDef(planet)?.resources ?? 0;
  }
  amount = Math.max(0, amount);
  if (effectsInForce(t, 'stellar-criminals').some((e) => e.target?.seat === seat)) {
    amount = Math.floor(amount / 2);
  }
  return amount;
}

/** BG-2 phase 6: every player gains the resources of the planets it controls (Scientist: OR-6.2). */
export function runReceiveCredits(d: Draft): void {
  for (let seat = 0; seat < d.s.players.length; seat++) {
    const amount = creditsThisPhase(d.s, seat);
    const p = d.player(seat);
    p.credits += amount;
    d.emit({ type: 'credits-received', seat, amount, total: p.credits });
  }
}
