import type { CardWindow } from './cards/types.js';
import { escapePending } from './leaders/escape.js';
import type { PhaseState } from './state/phase.js';
import type { Table } from './state/types.js';

/**
 * What the game waits for, as frames of a stack: the one owed first on top. Each frame's rules
 * (who decides, what they may do, how it is answered) are in frames.ts; `decisions`,
 * `legalActions` and `apply` all read the top frame there, and nothing else decides priority.
 *
 * - `escape` (OR-6.2): a leader escaping an invaded planet is placed by its owner before anything
 *   goes on, as the escape happens in the middle of the invader's turn.
 * - `card-window` (BG-9 / BG-11): an open action-card window, with its stack of cards played
 *   and the Trade Agreement answer it may hold, comes before the step that opened it. Windows
 *   nest: a moment reached while a card resolves opens its window above the one the card was
 *   played in (`outerWindows`), and the window below goes on once it has closed.
 * - `phase`: the round phase's own step (its segments, battles and votes wait inside it: the
 *   phase's module orders those, see phases/turn-segments.ts and phases/political.ts).
 */
export type Frame =
  | { kind: 'escape' }
  | { kind: 'card-window'; window: CardWindow }
  | { kind: 'phase'; phase: PhaseState };

/** The frames the game waits on now, the one owed first at index 0; the phase is always last. */
export function pending(t: Table): Frame[] {
  const frames: Frame[] = [];
  if (escapePending(t)) frames.push({ kind: 'escape' });
  if (t.window !== undefined) frames.push({ kind: 'card-window', window: t.window });
  const outer = t.outerWindows ?? [];
  for (let i = outer.length - 1; i >= 0; i--) {
    const window = outer[i];
    if (window !== undefined) frames.push({ kind: 'card-window', window });
  }
  frames.push({ kind: 'phase', phase: t.phase });
  return frames;
}

/** The frame owed first: what `decisions`, `legalActions` and `apply` answer to. */
export function topFrame(t: Table): Frame {
  const [top] = pending(t);
  if (top === undefined) throw new Error('the phase frame is always pending');
  return top;
}
