import type { ShipType } from '../leaders/fates.js';
import type { HexKey } from '@outer-rim/map';
import type { Seat, UnitKind } from '../state/types.js';
import type { WindowTrigger } from './moments.js';

/** BG-9: the moments at which a window may open are declared in cards/moments.ts. */
export type { WindowKind, WindowTrigger } from './moments.js';

/**
 * What a card is played on. Which fields a card needs is the card's own
 * rule (cards/catalogue.ts); absent fields are not used.
 */
export interface CardTarget {
  /** Another seat (Signal Jamming's victim, a trade partner, the player who cannot vote, ...). */
  seat?: Seat;
  /** A second seat (Influence in the Merchants' Guild: the other partner). */
  other?: Seat;
  /** A planet by name. */
  planet?: string;
  /** A second planet (Transit Diodes: where the Ground Forces go). */
  to?: string;
  /** A system. */
  hex?: HexKey;
  /** A destination system (Skilled Retreat, Spatial Jump). */
  toHex?: HexKey;
  /** A unit type (Lucky Shot). */
  unit?: UnitKind;
  /** A count (Transit Diodes). */
  count?: number;
  /** A technology id (Opening the Black Box, Successful Spy). */
  technology?: string;
  /** OR-6.2 Spatial Jump: kinds whose leaders' ship is among the ships that jump (a Fighter). */
  leaderShips?: ShipType[];
}

/** A card on the stack: played, not yet resolved. `card` is the instance id (`sabotage#2`). */
export interface PlayedCard {
  seat: Seat;
  card: string;
  target?: CardTarget;
}

/** BG-11: a Trade Agreement played and waiting for the named partner's answer. */
export interface TradeProposal {
  from: Seat;
  to: Seat;
  card: string;
}

/**
 * An open window. `asked` are the seats that may still play a card at this
 * moment: every seat whose part in the moment could let it play some card of
 * the deck (everyone, or just the two sides of a battle), that holds at
 * least one card and has not chosen "never ask me". Who actually holds a
 * fitting card stays secret: asking only those would tell the table.
 * `passed` are those of them that have passed since the last card resolved.
 *
 * `stack` holds cards played and not yet resolved; the top (last) is the
 * moment the table now answers (Sabotage), and the stack resolves last-in
 * first-out. With an empty stack the table answers the trigger itself.
 */
export interface CardWindow {
  trigger: WindowTrigger;
  asked: Seat[];
  passed: Seat[];
  stack: PlayedCard[];
  /** BG-11: a Trade Agreement waiting for its partner's answer; nothing else happens meanwhile. */
  proposal?: TradeProposal;
}

/**
 * An effect of a resolved card that lasts beyond its play: Flank Speed for
 * this turn, Morale Boost for one round, Good Year for the next Receive
 * Credits, Thugs for this round's vote, ... Removed when `until` is over.
 */
export interface CardEffect {
  card: string;
  seat: Seat;
  target?: CardTarget;
  /** When the effect ends: the end of the turn, of the battle round (by hex), of the phase, or of the round. */
  until: 'turn' | 'combat-round' | 'phase' | 'round';
  /** For `combat-round`: the system (and planet) of the fight. */
  hex?: HexKey;
  planet?: string;
}

/** BG-11: an active trade agreement between two players; the card lies face up. */
export interface TradeAgreement {
  seats: [Seat, Seat];
  card: string;
}
