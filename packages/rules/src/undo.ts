import type { GameEvent } from './events.js';
import { isGameOver } from './decisions.js';
import type { GameState } from './state/types.js';
import { describeEvent } from './views/describe.js';
import { eventsFor } from './views/events-for.js';

/**
 * Taking back a misclick, decided purely on the recent history of a game: a seat may take back
 * its last action while nothing random was rolled and nothing hidden was revealed since; the
 * steps other seats took after it go with it, and each of those seats must consent.
 */

/** One step of a game's history: who took it, what it produced, the states around it. */
export interface UndoStep {
  seq: number;
  seat: number;
  events: readonly GameEvent[];
  before: GameState;
  after: GameState;
}

export type UndoRefusal = 'nothing' | 'dice' | 'hidden' | 'over';

export type UndoPlan =
  | {
      ok: true;
      /** the seq of the seat's action taken back: the game goes back to the state before it */
      seq: number;
      /** the seq the game goes back to */
      toSeq: number;
      /** what will be undone, one line per event, oldest first, as every viewer may read it */
      lines: string[];
      /** the other seats whose steps are undone too: each must consent */
      consentFrom: number[];
    }
  | { ok: false; reason: UndoRefusal; message: string };

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The market offers' cards (shown only to their two parties), as one comparable value: an offer
 * of credits alone hides nothing.
 */
function offerCards(state: GameState): unknown {
  return state.phase.name === 'market'
    ? state.phase.offers.filter((o) => o.cards.length > 0).map((o) => [o.id, o.cards])
    : [];
}

/** The Diplomat's agenda choices (OR-6.2), seen only by the one who picks. */
function agendaChoices(state: GameState): unknown {
  return state.phase.name === 'political' ? (state.phase.choices ?? null) : null;
}

/**
 * Why a step can never be taken back, or undefined: it drew from the seeded PRNG (a die, a
 * shuffle), or it changed something some viewer cannot see (a hand, dealt tiles, a draw pile,
 * a market offer's cards, the agenda choices): what `view` cuts out. Once a die is rolled or a
 * secret seen, going back would let a seat choose again knowing it.
 */
export function finality(step: UndoStep): 'dice' | 'hidden' | undefined {
  const { before, after } = step;
  if (
    !same(before.prng, after.prng) ||
    step.events.some((e) => e.type === 'dice-rolled' || e.type === 'rift-rolled')
  ) {
    return 'dice';
  }
  if (
    !same(before.actionDeck, after.actionDeck) ||
    !same(before.tileStock, after.tileStock) ||
    !same(before.politics?.deck, after.politics?.deck) ||
    !same(offerCards(before), offerCards(after)) ||
    !same(agendaChoices(before), agendaChoices(after))
  ) {
    return 'hidden';
  }
  if (before.players !== after.players) {
    for (let seat = 0; seat < after.players.length; seat++) {
      const b = before.players[seat];
      const a = after.players[seat];
      if (b === undefined || a === undefined) return 'hidden';
      if (!same(b.hand, a.hand) || !same(b.dealtTiles, a.dealtTiles)) return 'hidden';
    }
  }
  return undefined;
}

/** A step's events in plain words, as every viewer may read them. */
export function undoLines(step: UndoStep, names: readonly string[] = []): string[] {
  return eventsFor(step.events, 'spectator').map((e) => describeEvent(e, names, step.after.galaxy));
}

/**
 * What taking back `seat`'s last action would undo, or why it may not: `steps` is the recent
 * history, oldest first, ending at the game's head. The seat's newest step there is taken back
 * with every step after it; none of them may have rolled a die or revealed a secret, and the
 * other seats that took any of them must consent.
 */
export function planUndo(
  steps: readonly UndoStep[],
  seat: number,
  names: readonly string[] = [],
): UndoPlan {
  const head = steps.at(-1);
  if (head !== undefined && isGameOver(head.after)) {
    return { ok: false, reason: 'over', message: 'The game is over: nothing can be taken back.' };
  }
  let from = -1;
  for (let i = steps.length - 1; i >= 0; i--) {
    if (steps[i]?.seat === seat) {
      from = i;
      break;
    }
  }
  if (from < 0) {
    return {
      ok: false,
      reason: 'nothing',
      message: 'You have no recent action to take back.',
    };
  }
  const undone = steps.slice(from);
  for (const step of undone) {
    const final = finality(step);
    if (final === undefined) continue;
    const said = undoLines(step, names);
    const shown =
      final === 'dice'
        ? (said.find((l) => /\brolls \d/.test(l)) ?? said.find((l) => /\brolled/.test(l)) ?? '')
        : (said[0] ?? '');
    const what = shown === '' ? '' : `: ${shown.replace(/\.$/, '')}`;
    return final === 'dice'
      ? {
          ok: false,
          reason: 'dice',
          message: `Cannot take back: dice were rolled since${what}. What the dice decide stands.`,
        }
      : {
          ok: false,
          reason: 'hidden',
          message: `Cannot take back: something hidden was revealed since${what}. What was seen cannot be unseen.`,
        };
  }
  const first = undone[0] as UndoStep;
  const consentFrom = [...new Set(undone.map((s) => s.seat).filter((s) => s !== seat))].sort(
    (a, b) => a - b,
  );
  return {
    ok: true,
    seq: first.seq,
    toSeq: first.seq - 1,
    lines: undone.flatMap((s) => undoLines(s, names)),
    consentFrom,
  };
}
