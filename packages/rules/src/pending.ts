import type { CardWindow } from './cards/types.js';
import { escapePending } from './leaders/escape.js';
import type { PhaseState } from './state/phase.js';
import type { Seat, Table } from './state/types.js';

/**
 * What the game waits for, as frames of a stack: the one owed first on top. Each frame's rules
 * (who decides, what they may do, how it is answered) are in frames.ts; `decisions`,
 * `legalActions` and `apply` all read the top frame there, and nothing else decides priority.
 *
 * - `escape` (OR-6.2): a leader escaping an invaded planet is placed by its owner before anything
 *   goes on, as the escape happens in the middle of the invader's turn.
 * - `consent` (BG-11, OR-6.2): a yes/no question to another seat (`Consent`, below) is answered
 *   before the window or the step that asked it goes on.
 * - `card-window` (BG-9 / BG-11): an open action-card window, with its stack of cards played
 *   and the Trade Agreement answer it may hold, comes before the step that opened it. Windows
 *   nest: a moment reached while a card resolves opens its window above the one the card was
 *   played in (`outerWindows`), and the window below goes on once it has closed.
 * - `phase`: the round phase's own step (its segments, battles and votes wait inside it: the
 *   phase's module orders those, see phases/turn-segments.ts and phases/political.ts).
 */
export type Frame =
  | { kind: 'escape' }
  | { kind: 'consent'; consent: Consent }
  | { kind: 'card-window'; window: CardWindow }
  | { kind: 'phase'; phase: PhaseState };

/**
 * A yes/no question to another seat, owed before anything else goes on: who answers (`seats`),
 * what is asked (`asks`, with the rule that asks it), and what the answer resumes. The question's
 * data stays in the step that asked it (the frame points at it):
 *
 * - `trade-agreement` (BG-11): the partner a Trade Agreement names accepts or refuses
 *   (`CardWindow.proposal`, cards/trade.ts); the answer resumes the card window it was played in.
 * - `diplomat-delay` (OR-6.2): the owner of a Diplomat on the planet landed on may delay the
 *   invasion (`CombatState.delay`, leaders/diplomat.ts); the answer resumes the landing.
 * - `diplomat-passage` (OR-6.2): the owners of the ships a fleet with a Diplomat asks to pass let
 *   it through or refuse (`MovementState.passage`, movement/passage.ts); the answer resumes the move.
 */
export type Consent =
  | { asks: 'trade-agreement'; rule: 'BG-11'; seats: Seat[]; from: Seat }
  | { asks: 'diplomat-delay'; rule: 'OR-6.2'; seats: Seat[]; from: Seat }
  | { asks: 'diplomat-passage'; rule: 'OR-6.2'; seats: Seat[]; from: Seat };

/** The consent owed now, if any (a question waits in one step at a time). */
export function consentOwed(t: Table): Consent | undefined {
  const proposal = t.window?.proposal;
  if (proposal !== undefined)
    return { asks: 'trade-agreement', rule: 'BG-11', seats: [proposal.to], from: proposal.from };
  const phase = t.phase;
  if (phase.name !== 'individual-turns') return undefined;
  const delay = phase.combat?.delay;
  if (delay !== undefined)
    return { asks: 'diplomat-delay', rule: 'OR-6.2', seats: [delay.seat], from: phase.active };
  const passage = phase.movement?.passage;
  if (passage !== undefined) {
    const seats = passage.asked.filter((x) => !passage.agreed.includes(x));
    return { asks: 'diplomat-passage', rule: 'OR-6.2', seats, from: phase.active };
  }
  return undefined;
}

/** The frames the game waits on now, the one owed first at index 0; the phase is always last. */
export function pending(t: Table): Frame[] {
  const frames: Frame[] = [];
  if (escapePending(t)) frames.push({ kind: 'escape' });
  const consent = consentOwed(t);
  if (consent !== undefined) frames.push({ kind: 'consent', consent });
  if (t.window !== undefined) frames.push({ kind: 'card-window', window: t.window });
  const outer = t.outerWindows ?? [];
  for (let i = outer.length - 1; i >= 0; i--) {
    const window = outer[i];
    if (window !== undefined) frames.push({ kind: 'card-window', window });
  }
  frames.push({ kind: 'phase', phase: t.phase });
  return frames;
}

/**
 * The frame owed first: what `decisions`, `legalActions`, `apply` and the step loop answer to.
 * The first of `pending(t)` (the same order, checked by pending.test.ts), found without looking
 * for the frames under it: it is asked several times an action.
 */
export function topFrame(t: Table): Frame {
  if (escapePending(t)) return { kind: 'escape' };
  const consent = consentOwed(t);
  if (consent !== undefined) return { kind: 'consent', consent };
  if (t.window !== undefined) return { kind: 'card-window', window: t.window };
  return { kind: 'phase', phase: t.phase };
}
