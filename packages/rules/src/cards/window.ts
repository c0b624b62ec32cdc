import type { Action, ActionOf } from '../actions/schema.js';
import { actionCardById, type ActionCardDef } from '../content/action-cards.js';
import { cardIdOf } from '../content/deck.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import type { GameState, Seat, Table } from '../state/types.js';
import { cardRule, momentName, type CardRule, type Moment } from './catalogue.js';
import { answerTrade, proposalDecisions, proposalLegal } from './trade.js';
import { spaceUnits } from '../combat/forces.js';
import { leaderShipsProblem } from '../leaders/windows.js';
import {
  agentPlays,
  agentProblem,
  hasAgent,
  isAgentCard,
  sacrificeAgent,
} from '../leaders/agent.js';
import { momentRules, type WindowTrigger } from './moments.js';
import { endingSeat, keepTurn } from '../phases/turn-ending.js';
import type { CardTarget, CardWindow, PlayedCard } from './types.js';

/**
 * BG-9 action-card windows.
 *
 * What the game waits for is a stack of pending decisions: while a window is
 * open, its decisions come before the phase's own (pending.ts) and `apply`
 * routes `play-card` / `pass-card` / `answer-trade` here (frames.ts); the step
 * loop (resume.ts) moves it on with `stepWindow` once nobody it asked is left.
 *
 * - `openWindow(d, trigger)` is the step machine's `reach` (src/resume.ts): the
 *   module that owns a moment declares it with `d.reach(trigger)`. It opens
 *   only if some seat that may act at that moment holds a card that fits it
 *   and can be played now, and has not chosen "never ask me"; otherwise it
 *   returns false and the caller goes straight on.
 * - Windows are a stack (`window` on top of `outerWindows`): a moment reached
 *   while a card resolves opens its window above the one the card was played
 *   in; once it closes, the window below is asked again at its own moment.
 * - Asked are all the seats whose part in the moment lets them play some
 *   card (everyone, or the two sides of a fight), that hold a card (or, while
 *   a card is being played, have an Agent on the board: OR-6.2, it acts as a
 *   Sabotage) and have not chosen "never ask me": asking only the holders of
 *   a fitting card would tell the table who holds what.
 * - A card played goes on the stack and opens the moment "a card is being
 *   played" (Sabotage); the stack resolves last-in first-out once everyone
 *   asked has passed. After a card resolves, the table is asked again at the
 *   moment below it (a card may answer a card that has been played since).
 * - When the stack is empty and everyone has passed, the window closes and
 *   moment's `resume` (cards/moments.ts) continues the step that opened it
 *   (the outermost window's: an inner one belongs to the card resolving below).
 *
 * Cards that may be played "at any time" are offered in every window while
 * the stack is empty, but never open one by themselves (every moment of the
 * game would otherwise stop for them).
 */

function handOf(t: Table, seat: Seat): readonly string[] {
  const p = t.players[seat];
  if (p === undefined) return [];
  return p.hand ?? [];
}

function handSize(t: Table, seat: Seat): number {
  const p = t.players[seat];
  if (p === undefined) return 0;
  return 'handCount' in p ? p.handCount : p.hand.length;
}

/** The moment the table answers now: the top of the stack, or the trigger. */
export function currentMoment(w: CardWindow): Moment {
  const top = w.stack[w.stack.length - 1];
  return top === undefined
    ? { kind: 'trigger', trigger: w.trigger }
    : { kind: 'card', played: top };
}

/**
 * Seats whose part in the moment may let them play some card of the deck,
 * known to everyone (their hands are not looked at).
 */
export function eligibleSeats(t: Table, m: Moment): Seat[] {
  const all = t.players.map((_, i) => i);
  if (m.kind === 'card') return all.filter((s) => s !== m.played.seat);
  return momentRules(m.trigger).seats?.(m.trigger) ?? all;
}

/**
 * OR-6.2: while a card is being played, a seat with an Agent on the board may
 * answer it (the Agent acts as a Sabotage) even with an empty hand; where
 * the Agents stand is public, so asking that seat tells nobody anything.
 */
function askedFor(t: Table, m: Moment): Seat[] {
  return eligibleSeats(t, m).filter(
    (s) => !t.neverAsk.includes(s) && (handSize(t, s) > 0 || (m.kind === 'card' && hasAgent(t, s))),
  );
}

interface CardOf {
  def: ActionCardDef;
  rule: CardRule;
}

/** Each card instance's definition and rule, looked up once (hands hold the deck's instance ids). */
const cardsOf = new Map<string, CardOf | null>();

function cardOf(card: string): CardOf | null {
  let known = cardsOf.get(card);
  if (known === undefined) {
    const def = actionCardById(cardIdOf(card));
    known = def === undefined ? null : { def, rule: cardRule(def.id) };
    cardsOf.set(card, known);
  }
  return known;
}

/** The card's rule when its timing lets it answer moment `m` at all; null: not now. */
function ruleAt(card: string, m: Moment, anyTime: boolean): CardRule | null {
  const known = cardOf(card);
  if (known === null) return null;
  const { def, rule } = known;
  if (
    def.timing.kind === 'any-time' &&
    rule.ownMoment !== true &&
    (!anyTime || m.kind !== 'trigger')
  )
    return null;
  return rule;
}

/** The ways `seat` may play `card` (an instance id) at moment `m`; empty: not now. */
export function playsOf(
  t: Table,
  seat: Seat,
  card: string,
  m: Moment,
  anyTime: boolean,
): CardTarget[] {
  const rule = ruleAt(card, m, anyTime);
  return rule === null ? [] : rule.plays(t, seat, m, card);
}

/** Whether `playsOf` gives any way, answered without listing them where the card's rule can. */
function canPlay(t: Table, seat: Seat, card: string, m: Moment, anyTime: boolean): boolean {
  const rule = ruleAt(card, m, anyTime);
  if (rule === null) return false;
  return rule.some === undefined
    ? rule.plays(t, seat, m, card).length > 0
    : rule.some(t, seat, m, card);
}

/** Some asked seat holds a card it could play at this moment (any-time cards do not count). */
function someoneCanPlay(s: GameState, m: Moment, asked: readonly Seat[]): boolean {
  return asked.some(
    (seat) =>
      agentPlays(s, seat, m).length > 0 ||
      handOf(s, seat).some((c) => canPlay(s, seat, c, m, false)),
  );
}

/**
 * Opens a window at `trigger` if some seat could play a card there; false:
 * nothing to wait for, the caller goes on at once. BG-9: every moment the rules
 * name opens its window, also one reached while a card resolves: the new window
 * goes on top of the stack, above the window the card was played in, which
 * goes on once the new one has closed (`outerWindows`).
 */
export function openWindow(d: Draft, trigger: WindowTrigger): boolean {
  const m: Moment = { kind: 'trigger', trigger };
  const asked = askedFor(d.s, m);
  if (!someoneCanPlay(d.s, m, asked)) return false;
  const below = d.s.window;
  if (below !== undefined) d.s.outerWindows = [...(d.s.outerWindows ?? []), below];
  d.emit({ type: 'card-window-opened', trigger, asked });
  d.s.window = passIfEnding(d.s, { trigger, asked, passed: [], stack: [] });
  return true;
}

/** How many windows wait under the top one. */
function depth(t: Table): number {
  return t.outerWindows?.length ?? 0;
}

/**
 * The window under the top one comes back on top (the top one has closed). Its card has
 * resolved meanwhile: the table is asked again at the moment below, as after any card.
 */
function popWindow(d: Draft): boolean {
  const outer = d.s.outerWindows ?? [];
  const below = outer[outer.length - 1];
  if (below === undefined) {
    delete d.s.window;
    return false;
  }
  if (outer.length === 1) delete d.s.outerWindows;
  else d.s.outerWindows = outer.slice(0, -1);
  setWindow(d, askAgain(d.s, below));
  return true;
}

/** After a card resolved: asked again at the moment below, but only if a card could still be played there. */
function askAgain(t: GameState, w: CardWindow): CardWindow {
  const below = currentMoment(w);
  const asked = askedFor(t, below);
  const again = someoneCanPlay(t, below, asked) ? asked : [];
  return passIfEnding(t, { ...w, asked: again, passed: [] });
}

/**
 * BG-2 / BG-9: the active player is ending the turn (phases/turn-ending.ts) as the window at the
 * start of their Movement segment opens. The turn goes on to its end once the window closes;
 * meanwhile the window does not wait for that player at a moment where they hold no card that
 * fits (they asked to do nothing more): they pass at once. Holding one, they are asked as usual:
 * ending the turn hides no choice. The table sees that player pass at once, as it would see a
 * quick pass by a player with nothing to play (the same kind of hint as the window's own
 * existence, see the top of this file).
 */
function passIfEnding(t: Table, w: CardWindow): CardWindow {
  const tr = w.trigger;
  const seat = tr.kind === 'movement-start' ? endingSeat(t, tr.seat) : undefined;
  if (seat === undefined || !w.asked.includes(seat) || w.passed.includes(seat)) return w;
  const m = currentMoment(w);
  if (handOf(t, seat).some((c) => playsOf(t, seat, c, m, false).length > 0)) return w;
  return { ...w, passed: [...w.passed, seat] };
}

function setWindow(d: Draft, w: CardWindow | undefined): void {
  // The draft's top level is its own copy, so the field may go.
  if (w === undefined) delete d.s.window;
  else d.s.window = w;
}

function discard(d: Draft, card: string): void {
  d.s.actionDiscard = [...d.s.actionDiscard, card];
}

/** Sabotage, or another source of its effect (OR-6.2: an Agent sacrificed, `agent:<leader id>`). */
export function isSabotage(card: string): boolean {
  return cardIdOf(card) === 'sabotage' || isAgentCard(card);
}

/** Resolves the top of the stack: Sabotage cancels the card below it; any other card takes effect. */
function resolveTop(d: Draft, w: CardWindow): void {
  const top = w.stack[w.stack.length - 1];
  if (top === undefined) return;
  let stack = w.stack.slice(0, -1);
  if (isSabotage(top.card)) {
    const below = stack[stack.length - 1];
    stack = stack.slice(0, -1);
    if (!isAgentCard(top.card)) discard(d, top.card);
    setWindow(d, { ...w, stack, passed: [] });
    if (below !== undefined) {
      discard(d, below.card);
      d.emit({ type: 'card-cancelled', seat: below.seat, card: below.card, by: top.seat });
    }
    return;
  }
  setWindow(d, { ...w, stack, passed: [] });
  const rule = cardRule(cardIdOf(top.card));
  // A card that stays face up (a Trade Agreement) is not discarded here.
  if (rule.staysInPlay !== true) discard(d, top.card);
  d.emit({ type: 'card-resolved', seat: top.seat, card: top.card });
  rule.resolve(d, top, w.trigger);
}

/**
 * Moves the window on by one step (the step loop, resume.ts, calls it while the window is on top);
 * false when it waits for someone. A step resolves the stack's top once all asked have passed
 * and asks the table again after it, or closes the window when the moment has nothing left to
 * play: the window below comes back on top, or, when it was the last, the moment's `resume`
 * (cards/moments.ts) runs, if it has one, and the step that reached the moment goes on.
 */
export function stepWindow(d: Draft): boolean {
  const w = d.s.window;
  if (w === undefined || w.proposal !== undefined) return false;
  if (w.asked.some((s) => !w.passed.includes(s) && !d.s.neverAsk.includes(s))) return false;
  if (w.stack.length > 0) {
    const level = depth(d.s);
    resolveTop(d, w);
    // A moment reached as the card resolved opened its own window above this one: it waits.
    if (depth(d.s) > level) return true;
    const after = d.s.window;
    if (after !== undefined && after.proposal === undefined) setWindow(d, askAgain(d.s, after));
    return true;
  }
  const nested = popWindow(d);
  d.emit({ type: 'card-window-closed', trigger: w.trigger });
  // A window opened while a card resolved belongs to that card's resolution: the window below
  // goes on, and the step waiting under them all goes on once the last of them has closed.
  if (!nested) momentRules(w.trigger).resume?.(d.steps, d, w.trigger);
  return true;
}

export function windowDecisions(t: Table): Decision[] {
  const w = t.window;
  if (w === undefined) return [];
  if (w.proposal !== undefined) return proposalDecisions(t, w.proposal);
  // One prompt for every seat asked: the moment is the table's, not a seat's.
  const prompt = `${momentName(t, currentMoment(w))}: play an action card, or pass.`;
  const out: Decision[] = [];
  for (const seat of w.asked) {
    if (!w.passed.includes(seat) && !t.neverAsk.includes(seat))
      out.push({ seat, kind: 'card', prompt });
  }
  return out;
}

export function windowLegal(t: Table, seat: Seat): Action[] {
  const w = t.window;
  if (w === undefined) return [];
  if (w.proposal !== undefined) return proposalLegal(t, w.proposal, seat);
  if (!w.asked.includes(seat) || w.passed.includes(seat) || t.neverAsk.includes(seat)) return [];
  const m = currentMoment(w);
  // OR-6.2: an Agent sacrificed as a Sabotage card.
  const out: Action[] = agentPlays(t, seat, m).map((card) => ({ type: 'play-card', card }));
  for (const card of new Set(handOf(t, seat))) {
    for (const target of playsOf(t, seat, card, m, true)) {
      out.push(
        Object.keys(target).length === 0
          ? { type: 'play-card', card }
          : { type: 'play-card', card, target },
      );
    }
  }
  out.push({ type: 'pass-card' }, { type: 'card-prompts', ask: false });
  return out;
}

/** Targets compared field by field, in a fixed order (absent and undefined alike). */
function sameTarget(a: CardTarget | undefined, b: CardTarget | undefined): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  for (const k of keys) {
    const x = (a as Record<string, unknown> | undefined)?.[k];
    const y = (b as Record<string, unknown> | undefined)?.[k];
    // OR-6.2 `leaderShips` is a list: the same kinds in the same order.
    if (Array.isArray(x) && Array.isArray(y) ? x.join() !== y.join() : x !== y) return false;
  }
  return true;
}

function stripUndefined(target: ActionOf<'play-card'>['target']): CardTarget | undefined {
  if (target === undefined) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(target)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length === 0 ? undefined : out;
}

function playCard(d: Draft, seat: Seat, a: ActionOf<'play-card'>): RuleError | null {
  const w = d.s.window;
  if (w === undefined) return ruleError('NOT_YOUR_DECISION', 'No action card may be played now.');
  if (!w.asked.includes(seat) || w.passed.includes(seat)) {
    return ruleError('NOT_YOUR_DECISION', 'You are not asked for a card at this moment.');
  }
  if (isAgentCard(a.card)) return playAgent(d, seat, w, a);
  const p = d.s.players[seat];
  const i = p?.hand.indexOf(a.card) ?? -1;
  if (p === undefined || i === -1)
    return ruleError('ILLEGAL_ACTION', 'That card is not in your hand.');
  const def = actionCardById(cardIdOf(a.card));
  const m = currentMoment(w);
  const target = stripUndefined(a.target);
  const plays = playsOf(d.s, seat, a.card, m, true);
  if (plays.length === 0) {
    return ruleError(
      'ILLEGAL_ACTION',
      `${def?.name ?? 'That card'} cannot be played at this moment.`,
    );
  }
  if (!plays.some((t) => sameTarget(t, target))) {
    // OR-6.2: a leaders' ship named where the ships the card moves carry no leader of that kind.
    const { leaderShips: named, ...rest } = target ?? {};
    if (named !== undefined && rest.hex !== undefined && plays.some((t) => sameTarget(t, rest))) {
      const why = leaderShipsProblem(d.s, seat, rest.hex, spaceUnits(d.s, rest.hex, seat), named);
      if (why !== null) return ruleError('ILLEGAL_ACTION', why);
    }
    return ruleError('ILLEGAL_ACTION', `${def?.name ?? 'That card'} cannot be played on that.`);
  }
  const owner = d.player(seat);
  owner.hand = [...p.hand.slice(0, i), ...p.hand.slice(i + 1)];
  const played: PlayedCard =
    target === undefined ? { seat, card: a.card } : { seat, card: a.card, target };
  d.emit(
    target === undefined
      ? { type: 'card-played', seat, card: a.card }
      : { type: 'card-played', seat, card: a.card, target },
  );
  pushPlayed(d, w, played);
  return null;
}

/** "As it is played": the table may answer the card before it takes effect. */
function pushPlayed(d: Draft, w: CardWindow, played: PlayedCard): void {
  // A card played by the player ending the turn before their Movement: they want to act, so the
  // turn no longer ends by itself, and once the window closes Movement waits for them.
  const tr = w.trigger;
  if (tr.kind === 'movement-start' && endingSeat(d.s, tr.seat) === played.seat) keepTurn(d);
  const next: CardWindow = { ...w, stack: [...w.stack, played], passed: [] };
  const moment = currentMoment(next);
  const asked = askedFor(d.s, moment);
  setWindow(
    d,
    passIfEnding(d.s, { ...next, asked: someoneCanPlay(d.s, moment, asked) ? asked : [] }),
  );
}

/** OR-6.2: an Agent sacrificed goes on the stack as a Sabotage; the leader is removed at once. */
function playAgent(
  d: Draft,
  seat: Seat,
  w: CardWindow,
  a: ActionOf<'play-card'>,
): RuleError | null {
  if (a.target !== undefined && stripUndefined(a.target) !== undefined)
    return ruleError('ILLEGAL_ACTION', 'An Agent acting as a Sabotage is aimed at nothing.');
  const problem = agentProblem(d.s, seat, a.card, currentMoment(w));
  if (problem !== null) return ruleError('ILLEGAL_ACTION', problem);
  d.emit({ type: 'card-played', seat, card: a.card });
  sacrificeAgent(d, seat, a.card);
  pushPlayed(d, w, { seat, card: a.card });
  return null;
}

/** Routes the window's actions. */
export function applyWindow(d: Draft, seat: Seat, a: Action): RuleError | null {
  switch (a.type) {
    case 'play-card':
      return playCard(d, seat, a);
    case 'pass-card': {
      const w = d.s.window;
      if (w === undefined || !w.asked.includes(seat) || w.passed.includes(seat)) {
        return ruleError('NOT_YOUR_DECISION', 'You are not asked for a card at this moment.');
      }
      setWindow(d, { ...w, passed: [...w.passed, seat] });
      return null;
    }
    case 'answer-trade':
      return answerTrade(d, seat, a.accept);
    default:
      return ruleError('NOT_YOUR_DECISION', 'An action-card window is open: play a card or pass.');
  }
}

/** BG-9 "never ask me": no window waits for this seat (it may switch asking back on at any time). */
export function setCardPrompts(d: Draft, seat: Seat, ask: boolean): void {
  const never = d.s.neverAsk.includes(seat);
  if (ask === !never) return;
  d.s.neverAsk = ask ? d.s.neverAsk.filter((s) => s !== seat) : [...d.s.neverAsk, seat].sort();
  d.emit({ type: 'card-prompts-set', seat, ask });
}
