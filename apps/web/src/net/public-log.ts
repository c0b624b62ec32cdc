import type { Api } from './api';
import type { ActionLogResponse } from './protocol';

/** The whole public log of a game (every page of it), and its seed once revealed. */
export async function loadPublicLog(
  api: Api,
  gameId: string,
): Promise<{ seed: string | null; entries: ActionLogResponse['entries'] }> {
  const entries: ActionLogResponse['entries'] = [];
  let from = 1;
  let seed: string | null;
  for (;;) {
    const page = await api.actionLog(gameId, from);
    seed = page.seed;
    entries.push(...page.entries);
    const last = page.entries.at(-1);
    if (last === undefined) break;
    from = last.seq + 1;
  }
  return { seed, entries };
}
