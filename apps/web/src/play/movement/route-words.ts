/**
 * A fleet's way in words: "To Abyz / Fria." or "To Abyz / Fria via Mecatol Rex → Lodor." The
 * path ends at the destination, so only the systems before it are the way "via"; a move of one
 * step has none (never "To X via X").
 */
export function routeWords(to: string, path: readonly string[]): string {
  const via = path.slice(0, -1);
  return via.length === 0 ? `To ${to}` : `To ${to} via ${via.join(' → ')}`;
}

/**
 * The way as a sentence with its length: "To Abyz / Fria via Lodor (2 steps)."; `steps` is the
 * movement the way costs (a wormhole's far end and a rift's way out are free), left out where it
 * is not known.
 */
export function routeSentence(to: string, path: readonly string[], steps?: number): string {
  const length = steps === undefined ? '' : ` (${String(steps)} step${steps === 1 ? '' : 's'})`;
  return `${routeWords(to, path)}${length}.`;
}
