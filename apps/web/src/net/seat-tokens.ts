/**
 * Seat tokens kept in the browser, so that a reload (or closing the tab)
 * keeps the seat: the server shows a token only once and stores its hash.
 */
export interface StoredSeat {
  readonly seat: number;
  readonly token: string;
  readonly name: string;
  /** this browser's share of the dice (docs/fair-dice.md), kept until it is revealed and after */
  readonly entropy?: string;
  /** every seat's commitment when this browser revealed its share, checked at the end */
  readonly revealedUnder?: readonly (string | null)[];
}

const PREFIX = 'outer-rim:seat:';

function isStoredSeat(value: unknown): value is StoredSeat {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const under = record['revealedUnder'];
  return (
    typeof record['seat'] === 'number' &&
    typeof record['token'] === 'string' &&
    typeof record['name'] === 'string' &&
    (record['entropy'] === undefined || typeof record['entropy'] === 'string') &&
    (under === undefined ||
      (Array.isArray(under) && under.every((c) => c === null || typeof c === 'string')))
  );
}

export function loadSeat(storage: Storage, gameId: string): StoredSeat | undefined {
  const raw = storage.getItem(PREFIX + gameId);
  if (raw === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredSeat(parsed) ? parsed : undefined;
  } catch {
    // A hand-edited or truncated entry is as good as none: the player claims again.
    return undefined;
  }
}

export function saveSeat(storage: Storage, gameId: string, seat: StoredSeat): void {
  storage.setItem(PREFIX + gameId, JSON.stringify(seat));
}

export function forgetSeat(storage: Storage, gameId: string): void {
  storage.removeItem(PREFIX + gameId);
}

/** Every seat this browser holds, one per game, in no particular order. */
export function listSeats(storage: Storage): { gameId: string; seat: StoredSeat }[] {
  const out: { gameId: string; seat: StoredSeat }[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX) !== true) continue;
    const gameId = key.slice(PREFIX.length);
    const seat = loadSeat(storage, gameId);
    if (seat !== undefined) out.push({ gameId, seat });
  }
  return out;
}
