/**
 * Names of the moments in a round (BG-2) that cards and abilities refer to.
 * Content only names them; the order in which the engine runs them and what
 * happens inside them belongs to the phase machinery.
 */
export const ROUND_PHASES = [
  'progression',
  'market',
  'assassin',
  'political',
  'draw-action-cards',
  'receive-credits',
  'purchase-units',
  'individual-turns',
  'receive-trade-income',
  'technology',
  'place-new-units',
] as const;
export type RoundPhase = (typeof ROUND_PHASES)[number];

/** The parts of one player's individual turn (BG-2 phase 8, OR-6.2). */
export const TURN_SEGMENTS = [
  'leaders-board',
  'movement',
  'space-battle',
  'invasion-combat',
] as const;
export type TurnSegment = (typeof TURN_SEGMENTS)[number];

/**
 * When a card may be played.
 * - `phase`: during that phase (and, for individual turns, that segment);
 *   `own` limits it to the player's own turn.
 * - `any-time`: whenever its effect makes sense.
 * - `response`: as the reaction to another card or event being played.
 */
export type Timing =
  | {
      readonly kind: 'phase';
      readonly phase: RoundPhase;
      readonly segment?: TurnSegment;
      readonly own?: boolean;
    }
  | { readonly kind: 'any-time' }
  | {
      readonly kind: 'response';
      readonly to: 'action-card' | 'political-card' | 'space-battle-round';
    };
