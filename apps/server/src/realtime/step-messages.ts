import { eventsFor, sharedView, viewerPart } from '@outer-rim/rules';
import type { GameEvent, GameState, SharedView, Viewer, ViewerPart } from '@outer-rim/rules';
import { diffViews, viewHashOfParts } from '../protocol/view-patch.js';
import type { ViewPatch } from '../protocol/view-patch.js';

/**
 * The views of one seq as a process last sent them: the part every viewer shares, and each
 * viewer's own part, for the viewers that have a socket there.
 */
export interface SentViews {
  seq: number;
  shared: SharedView;
  parts: Map<Viewer, ViewerPart>;
}

export interface Step {
  gameId: string;
  seq: number;
  seat: number;
  events: readonly GameEvent[];
  state: GameState;
  /** the revealed seed, in a game's last update */
  seed?: string | undefined;
}

/**
 * One step's `update` for each of `viewers`, as the JSON text sent: a patch from what that
 * viewer was sent at `seq - 1` (in `base`), or its whole view when it was sent nothing then. The
 * part of the views every viewer shares is diffed, hashed and serialised once for all of them,
 * and the events once per distinct event; only each viewer's own part (its hand, its offers, its
 * setup events) is worked out per viewer. The texts are what `JSON.stringify` of the
 * UpdateMessage would give, in another key order.
 */
export function stepMessages(
  step: Step,
  base: SentViews | undefined,
  viewers: readonly Viewer[],
): { messages: Map<Viewer, string>; sent: SentViews } {
  const { gameId, seq, seat, state, seed } = step;
  const shared = sharedView(state);
  const parts = new Map<Viewer, ViewerPart>();
  const messages = new Map<Viewer, string>();
  const from = base?.seq === seq - 1 ? base : undefined;
  let sharedOps: string | undefined;
  const eventTexts = new Map<GameEvent, string>();
  const head = `{"gameId":${JSON.stringify(gameId)},"seq":${String(seq)},"seat":${String(seat)}`;
  const tail = seed === undefined ? '}' : `,"seed":${JSON.stringify(seed)}}`;
  for (const viewer of viewers) {
    const part = viewerPart(state, viewer);
    parts.set(viewer, part);
    const events = eventsFor(step.events, viewer).map((event) => {
      let text = eventTexts.get(event);
      if (text === undefined) {
        text = JSON.stringify(event);
        eventTexts.set(event, text);
      }
      return text;
    });
    const before = from?.parts.get(viewer);
    let body: string;
    if (from !== undefined && before !== undefined) {
      sharedOps ??= opsText(diffViews(from.shared, shared));
      body = `"patch":[${joined(sharedOps, opsText(diffViews(before, part)))}]`;
    } else {
      body = `"view":${JSON.stringify({ ...shared, ...part })}`;
    }
    const hash = viewHashOfParts(shared, part);
    messages.set(
      viewer,
      `${head},"events":[${events.join(',')}],${body},"hash":${String(hash)}${tail}`,
    );
  }
  return { messages, sent: { seq, shared, parts } };
}

/** The operations of a patch as the text between its brackets. */
function opsText(ops: ViewPatch): string {
  return ops.length === 0 ? '' : JSON.stringify(ops).slice(1, -1);
}

const joined = (a: string, b: string) => (a === '' ? b : b === '' ? a : `${a},${b}`);
