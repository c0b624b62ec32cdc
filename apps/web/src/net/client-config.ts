/**
 * The client's tunable waits, read from the page's address (`?stateWaitMs=200#/game/…`), so an
 * end-to-end test shortens them on the real build instead of waiting out the defaults. Anything
 * that is not a whole number of milliseconds between 10 and 60,000 is ignored.
 */
export interface ClientConfig {
  /** How long a join waits for the game's state before it asks again (the connection's default otherwise). */
  readonly stateWaitMs?: number;
}

export function clientConfig(search: string): ClientConfig {
  const raw = new URLSearchParams(search).get('stateWaitMs');
  const ms = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isInteger(ms) && ms >= 10 && ms <= 60_000 ? { stateWaitMs: ms } : {};
}
