import { payTradeIncome } from '../cards/trade.js';
import type { Draft } from '../state/draft.js';

/**
 * BG-2 phase 9 / BG-11 Receive Trade Income: each active trade agreement
 * pays each partner the number of planets the other controls (cards/trade.ts).
 * With no agreement in force there is nothing to pay and the phase passes.
 */
export function skipReceiveTradeIncome(d: Draft): string | null {
  return d.s.tradeAgreements.length === 0 ? 'no trade agreement is in force' : null;
}

export function enterReceiveTradeIncome(d: Draft): boolean {
  payTradeIncome(d);
  return false;
}
