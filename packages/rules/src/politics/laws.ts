import { cardIdOf } from '../content/deck.js';
import { politicalCardById, type PoliticalCardDef } from '../content/political-cards.js';
import type { Seat, Table } from '../state/types.js';
import type { LawInForce } from './types.js';

/**
 * BG-8: laws stay in force and change the rules they name. Every rule that
 * a law changes asks here, so a law's whole reach can be found by its card id.
 */
export type LawId =
  | 'arms-reduction'
  | 'conventions-of-nxill'
  | 'council-empowered'
  | 'crown-of-thalnos'
  | 'free-trade'
  | 'holder-of-mecatol-rex'
  | 'holy-planet-of-ixth'
  | 'humane-labor'
  | 'limits-to-individual-power'
  | 'long-term-truce'
  | 'short-term-truce'
  | 'trade-embargo'
  | 'technology-tariffs'
  | 'unconventional-weapons'
  | 'minister-of-commerce'
  | 'minister-of-war';

/** Laws in force this round (a law with a duration is gone from its `expires` round on). */
export function lawsInForce(t: Table): readonly LawInForce[] {
  const laws = t.politics?.laws ?? [];
  return laws.filter((l) => l.expires === undefined || t.round < l.expires);
}

export function lawInForce(t: Table, id: LawId): LawInForce | undefined {
  return lawsInForce(t).find((l) => cardIdOf(l.card) === id);
}

export function hasLaw(t: Table, id: LawId): boolean {
  return lawInForce(t, id) !== undefined;
}

/** The player a lasting election chose (Crown of Thalnos, Minister of War, …), if in force. */
export function electedPlayer(t: Table, id: LawId): Seat | undefined {
  const e = lawInForce(t, id)?.elected;
  return e !== undefined && 'player' in e ? e.player : undefined;
}

export function electedPlanet(t: Table, id: LawId): string | undefined {
  const e = lawInForce(t, id)?.elected;
  return e !== undefined && 'planet' in e ? e.planet : undefined;
}

export function cardOf(instance: string): PoliticalCardDef | undefined {
  return politicalCardById(cardIdOf(instance));
}

// ---- the rules the laws change, one function per rule touched ----

/** Arms Reduction: every unit costs 2 credits more. */
export const ARMS_REDUCTION_SURCHARGE = 2;
/** Arms Reduction: no player keeps more Dreadnoughts than this. */
export const ARMS_REDUCTION_DREADNOUGHTS = 2;
/** Technology Tariffs: every technology costs 10 credits more. */
export const TECHNOLOGY_TARIFF = 10;
/** Humane Labor: a Spacedock places at most 2 units per round. */
export const HUMANE_LABOR_DOCK_LIMIT = 2;
/** Limits to Individual Power: the action card hand limit. */
export const LIMITED_HAND = 3;
/** Free Trade: credits per active trade agreement in Receive Trade Income. */
export const FREE_TRADE_BONUS = 5;
/** Minister of War: added to the elected player's ship rolls in a space battle's first round. */
export const MINISTER_OF_WAR_BONUS = 1;

export function unitSurcharge(t: Table): number {
  return hasLaw(t, 'arms-reduction') ? ARMS_REDUCTION_SURCHARGE : 0;
}

export function technologySurcharge(t: Table): number {
  return hasLaw(t, 'technology-tariffs') ? TECHNOLOGY_TARIFF : 0;
}

/** Units one Spacedock may place this round, given what its planet allows. */
export function dockPlacementLimit(t: Table, printed: number): number {
  return hasLaw(t, 'humane-labor') ? Math.min(printed, HUMANE_LABOR_DOCK_LIMIT) : printed;
}

/** Holy Planet of Ixth: no new units are placed on the elected planet. */
export function placementForbidden(t: Table, planet: string): boolean {
  return electedPlanet(t, 'holy-planet-of-ixth') === planet;
}

export function handLimit(t: Table, printed: number): number {
  return hasLaw(t, 'limits-to-individual-power') ? Math.min(printed, LIMITED_HAND) : printed;
}

/** Council Empowered: the Progression phase is held only every second round after it passed. */
export function progressionSuspended(t: Table): boolean {
  const law = lawInForce(t, 'council-empowered');
  return law !== undefined && (t.round - law.since) % 2 === 1;
}

/** Conventions of Nxill: after one round the attacker must withdraw (when it can). */
export function oneRoundBattles(t: Table): boolean {
  return hasLaw(t, 'conventions-of-nxill');
}

/** Unconventional Weapons: Dreadnoughts may not bombard. */
export function bombardmentBanned(t: Table): boolean {
  return hasLaw(t, 'unconventional-weapons');
}

/** Long / Short Term Truce: what attacking another player costs now (0: no truce). */
export function truceFine(t: Table): { fine: number; law: string } | null {
  const long = lawInForce(t, 'long-term-truce');
  if (long !== undefined) return { fine: 50, law: 'Long Term Truce' };
  const short = lawInForce(t, 'short-term-truce');
  if (short !== undefined) return { fine: 35, law: 'Short Term Truce' };
  return null;
}

/** Minister of War: the bonus `seat` adds to its ship rolls in round `round` of a space battle. */
export function spaceRollBonus(t: Table, seat: Seat, round: number): number {
  return round === 1 && electedPlayer(t, 'minister-of-war') === seat ? MINISTER_OF_WAR_BONUS : 0;
}

/** Crown of Thalnos: `seat` re-rolls one missed die in each combat round. */
export function rerollsOneDie(t: Table, seat: Seat): boolean {
  return electedPlayer(t, 'crown-of-thalnos') === seat;
}

/** Receive Trade Income extra for `seat` with `agreements` active (Free Trade, Minister of Commerce). */
export function tradeIncomeBonus(
  t: Table,
  seat: Seat,
  ownAgreements: number,
  agreementsInPlay: number,
): number {
  let n = 0;
  if (hasLaw(t, 'free-trade')) n += FREE_TRADE_BONUS * ownAgreements;
  if (electedPlayer(t, 'minister-of-commerce') === seat) n += agreementsInPlay;
  return n;
}

/** Trade Embargo: the elected player holds no trade agreements and may open none. */
export function tradeEmbargoed(t: Table, seat: Seat): boolean {
  return electedPlayer(t, 'trade-embargo') === seat;
}
