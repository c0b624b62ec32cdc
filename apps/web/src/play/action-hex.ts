import { hexKey, type HexKey } from '@outer-rim/map';

function isHex(value: unknown): value is { q: number; r: number } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['q'] === 'number' && typeof v['r'] === 'number';
}

const HEX_KEY = /^-?\d+,-?\d+$/;

/**
 * The board hex an action is about, when it names one (`hex`, or `to` for
 * movement), so the board can highlight where legal actions lead and a click
 * on a hex can narrow the choices to it.
 */
export function actionHex(action: object): HexKey | undefined {
  const record = action as Record<string, unknown>;
  for (const field of ['hex', 'to', 'system']) {
    const value = record[field];
    if (isHex(value)) return hexKey(value);
    if (typeof value === 'string' && HEX_KEY.test(value)) return value as HexKey;
  }
  return undefined;
}
