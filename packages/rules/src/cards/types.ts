import type { ShipType } from '../leaders/fates.js';
import type { HexKey } from '@outer-rim/map';
import type { RoundPhase } from '../content/timing.js';
import type { Owner, Seat, UnitKind } from '../state/types.js';

/**
 * BG-9 action-card windows: the moments at which cards may be played, as
 * plain JSON. A window is opened by the module that owns the moment (the
 * round machine, the Movement segment, combat, the Political phase, ...)
 * with `openWindow(d, trigger)`; when everyone asked has passed, the window
 * closes and the step machine (`d.steps.resumeAfterWindow`, src/resume.ts)
 * hands the game back to that module. The trigger is the continuation: it
 * names the step to resume, so no closure is ever stored in the state.
 *
 * Sibling modules add their moments here (a kind each) and a case in
 * src/resume.ts.
 */
export type WindowTrigger =
  /** At the start of a round phase, before it does anything (Purchase Units, Receive Credits, ...). */
  | { kind: 'phase-start'; phase: RoundPhase }
  /**
   * Just before the active player's Movement segment (BG-9 "before your Movement segment", BG-11).
   * `endTurn`: that player ended the turn as the segment began; once the window closes the turn
   * ends too, unless the player played a card in it (then the Movement segment waits for them).
   */
  | { kind: 'movement-start'; seat: Seat; endTurn?: true }
  /** As the active player's Space Battle segment begins, before any PDS fire (Into the Breach). */
  | { kind: 'space-battle-start'; seat: Seat }
  /** Before a space battle round (Morale Boost; Skilled Retreat for the defender). */
  | {
      kind: 'battle-round';
      hex: HexKey;
      attacker: Seat;
      defender: Owner;
      round: number;
    }
  /** Forces have landed and the invasion is about to be fought (Chemical Warfare, Civil Defense). */
  | { kind: 'invasion'; hex: HexKey; planet: string; invader: Seat; defender: Owner | null }
  /** Before a round of ground combat (Morale Boost). */
  | {
      kind: 'ground-round';
      hex: HexKey;
      planet: string;
      invader: Seat;
      defender: Owner;
      round: number;
    }
  /** A player has just taken a planet of another player (Reparations). */
  | { kind: 'planet-taken'; hex: HexKey; planet: string; from: Seat; by: Seat }
  /** The political card just revealed (Veto); the Political phase resumes its own step. */
  | { kind: 'political-card'; card: string }
  /** A step of the Political phase that belongs to politics/ (before the draw, before the vote, after the vote). */
  | { kind: 'political'; step: string };

export type WindowKind = WindowTrigger['kind'];

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
