import type { HexKey } from '@outer-rim/map';
import type { CombatState } from '../combat/types.js';
import type { TurnSegment } from '../content/timing.js';
import type { MovementState } from '../movement/types.js';
import type { PoliticalPhase } from '../politics/types.js';
import type { Seat } from './types.js';

// BG-2: the phase and segment names (and their order) are shared with the content.
export { ROUND_PHASES, TURN_SEGMENTS } from '../content/timing.js';
export type { RoundPhase, TurnSegment } from '../content/timing.js';

export interface Offer {
  id: number;
  from: Seat;
  to: Seat;
  credits: number;
  /** Card ids held in escrow; a third party's view shows 'hidden' for each. */
  cards: string[];
}

/**
 * Where the round stands: the bottom frame of what the game waits for (pending.ts; an escaping
 * leader and an open card window come before it). Phases that never wait for anyone (Progression,
 * Assassin, Receive Credits, Receive Trade Income) run inside the
 * transition and never appear here. The Political phase (BG-8) waits for
 * the steps before the agenda, a Diplomat's pick and each vote
 * (`PoliticalPhase`, politics/types.ts).
 */
export type PhaseState =
  | {
      name: 'galaxy-building';
      order: Seat[];
      step: number;
      /** Seats whose own last tile had no planet: their next must have one if it can (BG-4). */
      planetlessSeats: Seat[];
    }
  | { name: 'market'; done: Seat[]; offers: Offer[]; nextOfferId: number }
  | { name: 'draw-action-cards' }
  | { name: 'purchase-units'; done: Seat[] }
  | {
      name: 'individual-turns';
      done: Seat[];
      active: Seat;
      segment: TurnSegment;
      /** Seeded last tie-breaker per seat (BG-2), rolled once per phase. */
      tiebreak: number[];
      /**
       * BG-2: the active player has ended the turn: it goes on through the segments that wait for
       * nobody to its end (phases/individual-turns.ts). A decision, a battle still fought or a
       * card window (but the one before Movement, which waits only for the others) gives the
       * turn back to its player.
       */
      ending?: true;
      /** The Movement segment's state this turn (BG-5); absent until something moves. */
      movement?: MovementState;
      /** Space Battle / Invasion Combat segment in progress (BG-6, BG-7); see combat/types.ts. */
      combat?: CombatState;
      /**
       * OR-6.2: systems where the active player had an Admiral as its Movement
       * segment began (its Dreadnoughts there move +1 even after it moves on).
       */
      admiralsAt?: HexKey[];
    }
  | {
      name: 'technology';
      done: Seat[];
      /** Who owned each technology when the phase began (the Yssaril price). */
      knownBefore: Record<string, Seat[]>;
    }
  | {
      name: 'place-new-units';
      done: Seat[];
      /** Units each Spacedock (by planet) has placed this phase. */
      used: Record<string, number>;
      /** Spacedocks that arrived this phase and cannot place yet. */
      newDocks: string[];
    }
  /** BG-8 / OR-6.1: see politics/types.ts. */
  | PoliticalPhase
  /** BG-10: `winners`, one or several sharing the victory (absent in games stored before it). */
  | { name: 'game-over'; reason: string; winners?: Seat[] };

export type PhaseName = PhaseState['name'];

/** The Individual Turns phase while a turn is in progress (BG-2 phase 8). */
export type TurnsPhase = Extract<PhaseState, { name: 'individual-turns' }>;
