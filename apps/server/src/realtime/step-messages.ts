import { eventsFor, sharedView, viewerPart } from '@outer-rim/rules';
import type { GameEvent, GameState, SharedView, Viewer, ViewerPart } from '@outer-rim/rules';
import { viewHashOfParts, diffViews } from '@outer-rim/protocol';
import type { ViewPatch } from '@outer-rim/protocol';

/**
 * The views of one seq as a process last sent them: the part every viewer shares, and each
 * viewer's own part, for the viewers that have a socket there.
 */
export interface SentViews {
  seq: number;
  shared: SharedView;
  parts: Map<Viewer, ViewerPart>;
  /** what each seat was asked to decide at that seq (`decisionSignatures`), where noted */
  signatures?: readonly string[];
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
 * and the events once per distinct event (and their list once for all the viewers from whom
 * nothing in it is hidden); only each viewer's own part (its hand, its offers, its
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
  let publicEvents: string | undefined;
  const partTexts = new PartTexts();
  const partHashes = new Map<object, number>();
  const head = `{"gameId":${JSON.stringify(gameId)},"seq":${String(seq)},"seat":${String(seat)}`;
  const tail = seed === undefined ? '}' : `,"seed":${JSON.stringify(seed)}}`;
  for (const viewer of viewers) {
    const part = viewerPart(state, viewer);
    parts.set(viewer, part);
    const cut = eventsFor(step.events, viewer);
    let events: string;
    if (cut.length === step.events.length && cut.every((event, i) => event === step.events[i])) {
      // Nothing in them is hidden from this viewer: the step's own list, joined once for all such.
      publicEvents ??= joinedTexts(step.events, eventTexts);
      events = publicEvents;
    } else {
      events = joinedTexts(cut, eventTexts);
    }
    const before = from?.parts.get(viewer);
    let body: string;
    if (from !== undefined && before !== undefined) {
      sharedOps ??= opsText(diffViews(from.shared, shared));
      body = `"patch":[${joined(sharedOps, partTexts.of(before, part))}]`;
    } else {
      body = `"view":${JSON.stringify({ ...shared, ...part })}`;
    }
    const hash = viewHashOfParts(shared, part, partHashes);
    messages.set(viewer, `${head},"events":[${events}],${body},"hash":${String(hash)}${tail}`);
  }
  return { messages, sent: { seq, shared, parts } };
}

/** Every key of a viewer's own part: the compiler checks that none is missing. */
const PART_KEYS = Object.keys({
  phase: 0,
  viewer: 0,
  players: 0,
  setupEvents: 0,
} satisfies Record<keyof ViewerPart, 0>) as (keyof ViewerPart)[];

/**
 * The own parts' changes as text, each distinct change worked out once per step: most of what is
 * in a viewer's own part is the same object for every viewer (the phase, unless it hides an
 * offer's cards or the Diplomat's pick from them; the players other than the viewer), so the
 * same change would otherwise be diffed and serialised nine times. Changes are told apart by the
 * values on both sides and by where they stand; arrays of an unchanged length (the players) are
 * taken item by item.
 */
class PartTexts {
  readonly #known = new Map<object, { before: unknown; path: string; text: string }[]>();

  of(before: ViewerPart, after: ViewerPart): string {
    let text = '';
    for (const key of PART_KEYS) {
      const was: unknown = before[key];
      const now: unknown = after[key];
      if (was === now) continue;
      if (was === undefined || now === undefined) {
        // Added or removed: the whole key's operation, as diffViews words it.
        text = joined(text, opsText(diffViews({ [key]: was }, { [key]: now })));
      } else if (Array.isArray(was) && Array.isArray(now) && was.length === now.length) {
        for (let i = 0; i < now.length; i++) {
          if (was[i] !== now[i])
            text = joined(text, this.#change(was[i], now[i], `/${key}/${String(i)}`));
        }
      } else {
        text = joined(text, this.#change(was, now, `/${key}`));
      }
    }
    return text;
  }

  #change(was: unknown, now: unknown, path: string): string {
    if (was === now) return '';
    if (typeof now !== 'object' || now === null) return opsText(diffViews(was, now, path));
    let seen = this.#known.get(now);
    const hit = seen?.find((entry) => entry.before === was && entry.path === path);
    if (hit !== undefined) return hit.text;
    const text = opsText(diffViews(was, now, path));
    if (seen === undefined) {
      seen = [];
      this.#known.set(now, seen);
    }
    seen.push({ before: was, path, text });
    return text;
  }
}

/** Events as the text between the brackets of their list, each distinct one serialised once. */
function joinedTexts(events: readonly GameEvent[], texts: Map<GameEvent, string>): string {
  let list = '';
  for (const event of events) {
    let text = texts.get(event);
    if (text === undefined) {
      text = JSON.stringify(event);
      texts.set(event, text);
    }
    list = joined(list, text);
  }
  return list;
}

/** The operations of a patch as the text between its brackets. */
function opsText(ops: ViewPatch): string {
  return ops.length === 0 ? '' : JSON.stringify(ops).slice(1, -1);
}

const joined = (a: string, b: string) => (a === '' ? b : b === '' ? a : `${a},${b}`);
