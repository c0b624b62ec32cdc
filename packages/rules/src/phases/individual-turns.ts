import type { Action } from '../actions/schema.js';
import {
  applyCombat,
  combatBlocked,
  combatDecisions,
  combatLegal,
  enterInvasionCombat,
  enterSpaceBattle,
} from '../combat/segment.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import { TURN_SEGMENTS, type PhaseState } from '../state/phase.js';
import type { Seat, Table } from '../state/types.js';
import { rollTiebreak, turnOrder } from './turn-order.js';

/**
 * BG-2 phase 8: players take whole turns one at a time, highest influence
 * first. The next player is chosen afresh after every turn because the
 * order follows influence as planets change hands. A turn runs through its
 * segments (leaders board, Movement, Space Battle, Invasion Combat); their
 * own actions come with the movement and combat rules.
 */
type TurnsPhase = Extract<PhaseState, { name: 'individual-turns' }>;

const SEGMENT_NAMES: Readonly<Record<(typeof TURN_SEGMENTS)[number], string>> = {
  'leaders-board': 'leaders board ships',
  movement: 'Movement',
  'space-battle': 'Space Battle',
  'invasion-combat': 'Invasion Combat',
};

function startTurn(d: Draft, done: Seat[], tiebreak: number[]): boolean {
  const waiting = d.s.players.map((_, i) => i).filter((s) => !done.includes(s));
  const next = turnOrder(d.s, waiting, tiebreak)[0];
  if (next === undefined) return false;
  // Without leaders (OR-6.2 option off) there is nobody to board: the turn opens at Movement.
  const segment = d.s.options.leaders ? TURN_SEGMENTS[0] : 'movement';
  d.s.phase = { name: 'individual-turns', done, active: next, segment, tiebreak };
  d.emit({ type: 'turn-started', seat: next });
  d.emit({ type: 'segment-started', seat: next, segment });
  return true;
}

export function enterIndividualTurns(d: Draft): boolean {
  const tiebreak = rollTiebreak(d);
  const seats = d.s.players.map((_, i) => i);
  d.s.turnOrder = turnOrder(d.s, seats, tiebreak);
  d.emit({ type: 'turn-order', order: d.s.turnOrder });
  return startTurn(d, [], tiebreak);
}

export function turnDecisions(t: Table, phase: TurnsPhase): Decision[] {
  if (phase.done.includes(phase.active)) return [];
  const fight = combatDecisions(t, phase);
  if (fight.length > 0) return fight;
  return [
    {
      seat: phase.active,
      kind: 'turn',
      prompt: `Your turn: ${SEGMENT_NAMES[phase.segment]} segment.`,
    },
  ];
}

export function turnLegal(t: Table, phase: TurnsPhase, seat: Seat): Action[] {
  if (phase.done.includes(phase.active)) return [];
  const out = combatLegal(t, phase, seat);
  if (seat !== phase.active || combatDecisions(t, phase).length > 0) return out;
  if (combatBlocked(t, phase) !== null) return out;
  const last = phase.segment === TURN_SEGMENTS[TURN_SEGMENTS.length - 1];
  if (!last) out.push({ type: 'end-segment' });
  out.push({ type: 'end-turn' });
  return out;
}

function enterSegment(d: Draft, seat: Seat, segment: TurnsPhase['segment']): void {
  const phase = d.s.phase;
  if (phase.name !== 'individual-turns') return;
  d.s.phase = { ...phase, segment };
  d.emit({ type: 'segment-started', seat, segment });
  if (segment === 'space-battle') enterSpaceBattle(d);
  if (segment === 'invasion-combat') enterInvasionCombat(d);
}

function endTurn(d: Draft, phase: TurnsPhase): void {
  d.emit({ type: 'turn-ended', seat: phase.active });
  const done = [...phase.done, phase.active];
  if (!startTurn(d, done, phase.tiebreak)) {
    // Everyone has had a turn; the machine moves on from here.
    d.s.phase = { ...phase, done };
  }
}

export function applyTurn(d: Draft, phase: TurnsPhase, seat: Seat, a: Action): RuleError | null {
  if (phase.done.includes(phase.active))
    return ruleError('NOT_YOUR_DECISION', 'It is not your turn.');
  const fought = applyCombat(d, phase, seat, a);
  if (fought !== undefined) return fought;
  if (seat !== phase.active) return ruleError('NOT_YOUR_DECISION', 'It is not your turn.');
  const blocked = combatBlocked(d.s, phase);
  if (blocked !== null) return ruleError('ILLEGAL_ACTION', blocked);
  switch (a.type) {
    case 'end-segment': {
      const i = TURN_SEGMENTS.indexOf(phase.segment);
      const segment = TURN_SEGMENTS[i + 1];
      if (segment === undefined) {
        return ruleError('ILLEGAL_ACTION', 'This is the last segment; end your turn instead.');
      }
      enterSegment(d, seat, segment);
      return null;
    }
    case 'end-turn': {
      // The segments still ahead run on the way (a battle is fought even when its attacker
      // wants to end the turn); the turn stops in one that holds forced work.
      for (let i = TURN_SEGMENTS.indexOf(phase.segment) + 1; i < TURN_SEGMENTS.length; i++) {
        const segment = TURN_SEGMENTS[i];
        if (segment === undefined) break;
        enterSegment(d, seat, segment);
        const now = d.s.phase;
        if (now.name !== 'individual-turns') return null;
        if (combatBlocked(d.s, now) !== null || combatDecisions(d.s, now).length > 0) return null;
      }
      const now = d.s.phase;
      if (now.name === 'individual-turns') endTurn(d, now);
      return null;
    }
    default:
      return ruleError('NOT_YOUR_DECISION', 'That action does not belong to an individual turn.');
  }
}
