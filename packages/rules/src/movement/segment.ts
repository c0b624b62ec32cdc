import { UNITS } from '../content/units.js';
import type { Decision } from '../decision.js';
import { ruleError } from '../errors.js';
import type { TurnsPhase } from '../state/phase.js';
import type { Table } from '../state/types.js';
import type { SegmentRules } from '../phases/turn-segments.js';
import {
  applyMove,
  applyRiftExit,
  applyRiftRoll,
  applyRiftStay,
  loseUnsupportedFighters,
} from './apply-move.js';
import { movementLegal } from './legal.js';
import {
  answerPassage,
  askPassage,
  passageDecisions,
  passageLegal,
  passageMoves,
} from './passage.js';
import { movementOf } from './rules.js';
import { riftRollWords } from './rift-words.js';

/** OR-4.2: a ship that rolled in a rift waits for its owner's choice: leave or stay. */
export function riftDecisions(t: Table, phase: TurnsPhase): Decision[] {
  const pending = movementOf(phase).rift;
  if (pending === undefined) return [];
  return [
    {
      seat: phase.active,
      kind: 'rift',
      prompt: `Your ${UNITS[pending.unit].name} rolled ${pending.roll} in the Gravity Rift: it ${riftRollWords(pending.roll, pending.sides)}, or stays.`,
    },
  ];
}

/**
 * What the Movement segment waits for before the mover goes on, the one owed first first:
 * OR-6.2 the opponent's leave for a fleet with a Diplomat to pass its ships, then OR-4.2 the
 * mover's choice for a ship that rolled in a Gravity Rift. Null: nothing, the mover moves on.
 */
function waitsFor(phase: TurnsPhase): 'passage' | 'rift' | null {
  const m = movementOf(phase);
  if (m.passage !== undefined) return 'passage';
  return m.rift === undefined ? null : 'rift';
}

const WAITING: Readonly<Record<'passage' | 'rift', string>> = {
  passage: 'Your fleet waits for leave to pass other players’ ships.',
  rift: 'A ship in the Gravity Rift waits for your choice: leave or stay.',
};

/** Why the mover cannot go on yet (a passage asked, a rift choice owed), or null. */
export function movementWaits(phase: TurnsPhase): string | null {
  const waits = waitsFor(phase);
  return waits === null ? null : WAITING[waits];
}

/** BG-5 Movement segment, with OR-4.1 Nebula and OR-4.2 Gravity Rift. */
export const MOVEMENT_SEGMENT: SegmentRules = {
  leave: loseUnsupportedFighters,
  decisions: (t, phase) => {
    switch (waitsFor(phase)) {
      case 'passage':
        return passageDecisions(t, phase);
      case 'rift':
        return riftDecisions(t, phase);
      case null:
        return [];
    }
  },
  legal: (t, phase, seat) =>
    waitsFor(phase) === 'passage'
      ? passageLegal(phase, seat)
      : [
          ...movementLegal(t, phase, seat),
          ...(seat === phase.active ? passageMoves(t, phase, seat) : []),
        ],
  blocked: (_t, phase) => movementWaits(phase),
  apply: (d, phase, seat, a) => {
    if (a.type === 'answer-passage') return answerPassage(d, phase, seat, a);
    if (seat !== phase.active) return ruleError('NOT_YOUR_DECISION', 'It is not your turn.');
    if (waitsFor(phase) === 'passage') return ruleError('ILLEGAL_ACTION', WAITING.passage);
    switch (a.type) {
      case 'move': {
        // OR-6.2: through other players' ships with a Diplomat, the move becomes a request.
        const asked = askPassage(d, phase, seat, a);
        if (asked === 'checked') return applyMove(d, phase, seat, a, true);
        return asked === undefined ? applyMove(d, phase, seat, a) : asked;
      }
      case 'rift-roll':
        return applyRiftRoll(d, phase, seat, a);
      case 'rift-exit':
        return applyRiftExit(d, phase, seat, a);
      case 'rift-stay':
        return applyRiftStay(d, phase, seat);
      default:
        return undefined;
    }
  },
};
