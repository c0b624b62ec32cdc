import type { RollOptions } from '../combat/forces.js';
import type { Owner, Table } from '../state/types.js';
import { MINISTER_OF_WAR_BONUS, rerollsOneDie, spaceRollBonus } from './laws.js';

/**
 * How the laws change one owner's combat roll: Minister of War (+1 to the
 * elected player's ships in a space battle's first round; `spaceRound` is
 * null in ground combat) and Crown of Thalnos (the elected player re-rolls
 * one missed die each combat round).
 */
export function lawRollOptions(t: Table, owner: Owner, spaceRound: number | null): RollOptions {
  if (typeof owner !== 'number') return {};
  const bonus = spaceRound === null ? 0 : spaceRollBonus(t, owner, spaceRound);
  const opts: RollOptions = {};
  if (bonus > 0) {
    opts.bonus = bonus;
    opts.bonusReason = ` (Minister of War +${MINISTER_OF_WAR_BONUS})`;
  }
  if (rerollsOneDie(t, owner)) opts.reroll = 'Crown of Thalnos';
  return opts;
}
