import type { HexKey } from '@outer-rim/map';
import type { RoundPhase } from '../content/timing.js';
import type { Draft, Steps } from '../state/draft.js';
import type { Owner, Seat } from '../state/types.js';
import { phaseName } from '../views/names.js';

/**
 * BG-9 action-card moments: each moment at which a window may open, declared once here — the
 * trigger (its kind and what the step needs to go on, plain JSON: the trigger is the
 * continuation, no closure is ever stored in the state), its words, who may play at it, and
 * how the step that opened it goes on once it closes. The module that owns the step declares
 * the moment where it is reached, `d.reach(trigger)`, and the step machine opens its window.
 */
export type WindowTrigger =
  /** At the start of a round phase, before it does anything (Purchase Units, Receive Credits, ...). */
  | { kind: 'phase-start'; phase: RoundPhase }
  /**
   * Just before the active player's Movement segment (BG-9 "before your Movement segment", BG-11).
   * A player ending the turn as the segment begins goes on ending it once the window closes,
   * unless they played a card in it (`TurnsPhase.ending`, phases/individual-turns.ts).
   */
  | { kind: 'movement-start'; seat: Seat }
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

/** One moment's rules; `tr` is a trigger of its kind. */
export interface MomentRules<T extends WindowTrigger> {
  /**
   * The moment in words: the window's event says them, the card prompt begins with them
   * (cards/catalogue.ts `momentName`). The one place they are worded.
   */
  words(tr: T, who: (seat: Seat) => string, place: (hex: HexKey) => string): string;
  /**
   * The seats whose part in the moment may let them play some card, known to everyone (hands
   * are not looked at); absent: every seat.
   */
  seats?(tr: T): Seat[];
  /**
   * What goes on once the window has closed, when the state alone does not say it (the step
   * machine, src/resume.ts): the round phase the window opened before, the fights a segment's
   * window came before. Absent: the step that reached the moment had already moved on to the
   * step after it, and the step loop goes on from there.
   */
  resume?(steps: Steps, d: Draft, tr: T): void;
}

/** The two sides of a fight (a minor race plays no card). */
function sides(a: Seat, b: Owner | null): Seat[] {
  return typeof b === 'number' ? [a, b] : [a];
}

const MOMENTS: { readonly [K in WindowKind]: MomentRules<Extract<WindowTrigger, { kind: K }>> } = {
  'phase-start': {
    words: (tr) => `start of the ${phaseName(tr.phase)} phase`,
    // The round machine enters the phase now (its window is over).
    resume: (steps, d, tr) => {
      steps.enterRoundPhase(d, tr.phase);
    },
  },
  'movement-start': {
    words: (tr, who) => `before ${who(tr.seat)}'s Movement segment`,
    // The active player's ordinary turn decision follows, or, when they were ending the turn
    // as Movement began (and played no card since), the turn goes on to its end.
  },
  'space-battle-start': {
    words: (tr, who) => `${who(tr.seat)}'s Space Battle segment`,
    seats: (tr) => [tr.seat],
    resume: (steps, d) => {
      steps.startSpaceBattles(d);
    },
  },
  'battle-round': {
    words: (tr, _who, place) => `before round ${tr.round} of the battle in ${place(tr.hex)}`,
    seats: (tr) => sides(tr.attacker, tr.defender),
  },
  invasion: {
    words: (tr) => `the invasion of ${tr.planet}`,
    seats: (tr) => sides(tr.invader, tr.defender),
  },
  'ground-round': {
    words: (tr) => `before round ${tr.round} of ground combat on ${tr.planet}`,
    seats: (tr) => sides(tr.invader, tr.defender),
  },
  'planet-taken': {
    words: (tr, who) => `${who(tr.by)} has taken ${tr.planet} from ${who(tr.from)}`,
    seats: (tr) => [tr.from],
  },
  'political-card': {
    words: () => 'the political card just revealed',
  },
  political: {
    words: (tr) => `Political phase, ${tr.step.replace(/-/g, ' ')}`,
  },
};

/** The rules of the moment `tr` names (one lookup: the table is keyed by the trigger's kind). */
export function momentRules(tr: WindowTrigger): MomentRules<WindowTrigger> {
  return MOMENTS[tr.kind];
}

/** Every kind of moment (for tests and tools that list them). */
export const WINDOW_KINDS = Object.keys(MOMENTS) as WindowKind[];

/** The moment in words (see `MomentRules.words`). */
export function momentWords(
  tr: WindowTrigger,
  who: (seat: Seat) => string,
  place: (hex: HexKey) => string,
): string {
  return momentRules(tr).words(tr, who, place);
}
