/**
 * BG-2 phase 3, Assassin. It is held only when the table plays with the
 * Assassins option (assassin counters and the OR-6.2 rescue of captured
 * leaders). That option is not offered yet, so no game holds the phase and
 * captives can be rescued only by invasion.
 */
export function skipAssassin(): string {
  return 'the Assassins option is not in play';
}

/** Reached only once the Assassins option exists; until then there is nothing to resolve. */
export function enterAssassin(): boolean {
  return false;
}
