import type { Action } from '../actions/schema.js';
import { expireEffects } from '../cards/in-force.js';
import { stepCombat } from '../combat/segment.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import { boardOptions } from '../leaders/windows.js';
import type { Draft } from '../state/draft.js';
import { TURN_SEGMENTS, type TurnsPhase } from '../state/phase.js';
import type { Seat, Table } from '../state/types.js';
import { segmentName } from '../views/describe.js';
import { SEGMENT_RULES } from './turn-segments.js';
import { keepTurn } from './turn-ending.js';
import { rollTiebreak, turnOrder } from './turn-order.js';

/**
 * BG-2 phase 8: players take whole turns one at a time, highest influence
 * first. The next player is chosen afresh after every turn because the
 * order follows influence as planets change hands. A turn runs through its
 * segments (leaders board, Movement, Space Battle, Invasion Combat); each
 * segment's own decisions and actions plug in through `SEGMENT_RULES`
 * (turn-segments.ts).
 */

function startTurn(d: Draft, done: Seat[], tiebreak: number[]): boolean {
  const waiting = d.s.players.map((_, i) => i).filter((s) => !done.includes(s));
  const next = turnOrder(d.s, waiting, tiebreak)[0];
  if (next === undefined) return false;
  // OR-6.2: the turn opens with leaders boarding ships only for a player with a leader on the
  // board who may board one; else (or without the leaders option) it opens at Movement.
  const segment =
    d.s.options.leaders && boardOptions(d.s, next).length > 0 ? TURN_SEGMENTS[0] : 'movement';
  d.s.phase = { name: 'individual-turns', done, active: next, segment, tiebreak };
  d.emit({ type: 'turn-started', seat: next });
  d.emit({ type: 'segment-started', seat: next, segment });
  SEGMENT_RULES[segment].enter?.(d);
  return true;
}

export function enterIndividualTurns(d: Draft): boolean {
  const tiebreak = rollTiebreak(d);
  const seats = d.s.players.map((_, i) => i);
  d.s.turnOrder = turnOrder(d.s, seats, tiebreak);
  d.emit({ type: 'turn-order', order: d.s.turnOrder });
  return startTurn(d, [], tiebreak);
}

/** The segment's own decisions, when it owes any in place of the ordinary turn decision. */
function segmentDecisions(t: Table, phase: TurnsPhase): Decision[] {
  return SEGMENT_RULES[phase.segment].decisions?.(t, phase) ?? [];
}

export function turnDecisions(t: Table, phase: TurnsPhase): Decision[] {
  if (phase.done.includes(phase.active)) return [];
  const own = segmentDecisions(t, phase);
  if (own.length > 0) return own;
  return [
    {
      seat: phase.active,
      kind: 'turn',
      prompt: `${segmentName(phase.segment)} segment of your turn.`,
    },
  ];
}

export function turnLegal(t: Table, phase: TurnsPhase, seat: Seat): Action[] {
  if (phase.done.includes(phase.active)) return [];
  const rules = SEGMENT_RULES[phase.segment];
  const out = [...(rules.legal?.(t, phase, seat) ?? [])];
  if (seat !== phase.active || segmentDecisions(t, phase).length > 0) return out;
  if ((rules.blocked?.(t, phase) ?? null) !== null) return out;
  const last = phase.segment === TURN_SEGMENTS[TURN_SEGMENTS.length - 1];
  if (!last) out.push({ type: 'end-segment' });
  out.push({ type: 'end-turn' });
  return out;
}

function currentTurn(d: Draft): TurnsPhase {
  const phase = d.s.phase;
  if (phase.name !== 'individual-turns') throw new Error('not in an individual turn');
  return phase;
}

function endTurn(d: Draft, phase: TurnsPhase): void {
  d.emit({ type: 'turn-ended', seat: phase.active });
  // BG-9: cards played "this turn" (Flank Speed, Into the Breach) end with it.
  expireEffects(d, 'turn');
  const done = [...phase.done, phase.active];
  if (!startTurn(d, done, phase.tiebreak)) {
    // Everyone has had a turn; the machine moves on from here.
    const { ending: _e, ...rest } = phase;
    d.s.phase = { ...rest, done };
  }
}

/** Leaves the current segment and enters the next (running both hooks), or ends the turn after the last. */
function nextSegment(d: Draft): void {
  const phase = currentTurn(d);
  SEGMENT_RULES[phase.segment].leave?.(d);
  const left = currentTurn(d);
  const next = TURN_SEGMENTS[TURN_SEGMENTS.indexOf(left.segment) + 1];
  if (next === undefined) {
    endTurn(d, left);
    return;
  }
  d.s.phase = { ...left, segment: next };
  d.emit({ type: 'segment-started', seat: left.active, segment: next });
  SEGMENT_RULES[next].enter?.(d);
  // A card window opened as the segment began (but the one before Movement) is a moment the
  // player may want to act in: the turn no longer ends by itself.
  const w = d.s.window;
  if (w !== undefined && w.trigger.kind !== 'movement-start') keepTurn(d);
}

/**
 * One step of the turn (the step loop, resume.ts, runs it): a step of the segment's fights, or,
 * while its player is ending it, the next segment, or its end; false when the turn waits for a
 * decision. A segment with forced work or a decision owed (a battle must be fought even when
 * its attacker wants to end the turn), and a card window opened by a fight, give the turn back
 * to its player.
 */
export function stepTurn(d: Draft): boolean {
  const phase = currentTurn(d);
  if (phase.done.includes(phase.active)) return false;
  if (stepCombat(d)) {
    if (d.s.window !== undefined) keepTurn(d);
    return true;
  }
  if (phase.ending !== true) return false;
  const rules = SEGMENT_RULES[phase.segment];
  if ((rules.blocked?.(d.s, phase) ?? null) !== null || segmentDecisions(d.s, phase).length > 0) {
    keepTurn(d);
    return false;
  }
  nextSegment(d);
  return true;
}

export function applyTurn(d: Draft, phase: TurnsPhase, seat: Seat, a: Action): RuleError | null {
  if (phase.done.includes(phase.active)) {
    return ruleError('NOT_YOUR_DECISION', 'It is not your turn.');
  }
  const rules = SEGMENT_RULES[phase.segment];
  if (a.type === 'end-segment' || a.type === 'end-turn') {
    if (seat !== phase.active) return ruleError('NOT_YOUR_DECISION', 'It is not your turn.');
    const blocked = rules.blocked?.(d.s, phase) ?? null;
    if (blocked !== null) return ruleError('ILLEGAL_ACTION', blocked);
    if (a.type === 'end-segment' && phase.segment === TURN_SEGMENTS[TURN_SEGMENTS.length - 1]) {
      return ruleError('ILLEGAL_ACTION', 'This is the last segment; end your turn instead.');
    }
    // BG-2: ending the turn goes on through the segments that wait for nobody (`stepTurn`).
    if (a.type === 'end-turn') d.s.phase = { ...phase, ending: true };
    nextSegment(d);
    return null;
  }
  const result = rules.apply?.(d, phase, seat, a);
  if (result !== undefined) return result;
  return ruleError(
    'ILLEGAL_ACTION',
    `That cannot be done in the ${segmentName(phase.segment)} segment.`,
  );
}
