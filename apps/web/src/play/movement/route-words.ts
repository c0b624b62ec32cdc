/**
 * A fleet's way in words: "To Abyz / Fria." or "To Abyz / Fria via Mecatol Rex → Lodor." The
 * path ends at the destination, so only the systems before it are the way "via"; a move of one
 * step has none (never "To X via X").
 */
export function routeWords(to: string, path: readonly string[]): string {
  const via = path.slice(0, -1);
  return via.length === 0 ? `To ${to}` : `To ${to} via ${via.join(' → ')}`;
}
