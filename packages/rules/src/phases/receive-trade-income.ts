/**
 * BG-2 phase 9, Receive Trade Income: each active trade agreement pays its
 * partners. The game state has no trade agreements yet (they come with a
 * later issue), so there is never anything to pay and the phase is skipped.
 */
export function skipReceiveTradeIncome(): string {
  return 'no trade agreements exist yet';
}

/** Reached only once trade agreements exist; until then there is nothing to pay. */
export function enterReceiveTradeIncome(): boolean {
  return false;
}
