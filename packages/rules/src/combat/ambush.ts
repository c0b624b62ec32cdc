import type { HexKey } from '@outer-rim/map';
import { hasAbility } from '../state/abilities.js';
import type { Draft } from '../state/draft.js';
import type { Owner } from '../state/types.js';
import { n, rollFor, spaceUnits } from './forces.js';

/** BG-1 Mentak Ambush: how many of its Cruisers fire before the battle. */
export const AMBUSH_CRUISERS = 2;

/**
 * BG-1 Mentak Ambush: before any space battle the Mentak fights, attacker
 * or defender, up to 2 of its Cruisers fire once at the other side's ships;
 * there is no return fire, and the hits are taken like PDS hits (their
 * owner chooses the casualties). Firing costs nothing, so the Mentak always
 * fires with as many as it has, up to 2. Hits scored, per target.
 */
export function ambushFire(
  d: Draft,
  hex: HexKey,
  attacker: Owner,
  defender: Owner | null,
): { owner: Owner; hits: number }[] {
  if (defender === null) return [];
  const out: { owner: Owner; hits: number }[] = [];
  for (const [side, target] of [
    [attacker, defender],
    [defender, attacker],
  ] as const) {
    if (typeof side !== 'number' || !hasAbility(d.s, side, 'mentak-ambush')) continue;
    const cruisers = Math.min(AMBUSH_CRUISERS, n(spaceUnits(d.s, hex, side), 'cruiser'));
    if (cruisers === 0) continue;
    const { hits } = rollFor(d, 'Ambush', side, { cruiser: cruisers }, ['cruiser'], 'space-battle');
    if (hits > 0) {
      d.emit({ type: 'hits-scored', hex, by: side, against: target, hits, reason: 'Ambush' });
      out.push({ owner: target, hits });
    }
  }
  return out;
}
