/**
 * How a seat's player wants to be told that it is their move, beyond the tab's title and icon
 * (always shown): a sound, and a system notification while the page is in the background. Kept
 * per game and seat in this browser, as the seat token is.
 */
export interface AlertSettings {
  readonly sound: boolean;
  readonly system: boolean;
}

export const NO_ALERTS: AlertSettings = { sound: false, system: false };

const key = (gameId: string, seat: number) => `outer-rim:alerts:${gameId}:${String(seat)}`;

export function loadAlertSettings(storage: Storage, gameId: string, seat: number): AlertSettings {
  const raw = storage.getItem(key(gameId, seat));
  if (raw === null) return NO_ALERTS;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    return { sound: parsed['sound'] === true, system: parsed['system'] === true };
  } catch {
    return NO_ALERTS;
  }
}

export function saveAlertSettings(
  storage: Storage,
  gameId: string,
  seat: number,
  settings: AlertSettings,
): void {
  storage.setItem(key(gameId, seat), JSON.stringify(settings));
}
