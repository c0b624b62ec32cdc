import type { HexKey } from '@outer-rim/map';
import type { Action } from '../actions/schema.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import {
  applyCombat,
  combatBlocked,
  combatDecisions,
  combatLegal,
  enterInvasionCombat,
  enterSpaceBattle,
  fightAt,
} from '../combat/segment.js';
import {
  applyPursuit,
  applyPursuitRift,
  pursuitLegal,
  pursuitRiftDecisions,
  pursuitRiftLegal,
  pursuitRiftWaits,
} from '../technology/pursuit.js';
import { recordAdmirals } from '../leaders/abilities.js';
import {
  withInvadingLeaders,
  withLeaderShips,
  LEADERS_BOARD_SEGMENT,
  applyLandLeader,
  landLeaderLegal,
} from '../leaders/windows.js';
import { MOVEMENT_SEGMENT, movementWaits } from '../movement/segment.js';
import { applyMovementTech, movementTechLegal } from '../technology/movement.js';
import type { Draft } from '../state/draft.js';
import type { TurnSegment, TurnsPhase } from '../state/phase.js';
import type { Seat, Table } from '../state/types.js';

/**
 * The hook points of a turn's segments (BG-2 phase 8: leaders board →
 * Movement → Space Battle → Invasion Combat). Each segment's rules live in
 * their own module and plug in here; the turn itself (individual-turns.ts)
 * only walks from one segment to the next.
 *
 * Every hook reads the phase from the draft (`d.s.phase`), which an earlier
 * hook may have replaced.
 */
export interface SegmentRules {
  /** Runs as the segment begins, right after its `segment-started` event. */
  enter?: (d: Draft) => void;
  /** Runs as the segment ends, before the next one begins (BG-3: unsupported Fighters are lost). */
  leave?: (d: Draft) => void;
  /**
   * Decisions this segment owes right now in place of the active player's
   * ordinary `turn` decision (a rift choice, casualties for both sides).
   * Undefined or an empty list: the ordinary `turn` decision stands.
   */
  decisions?: (t: Table, phase: TurnsPhase) => Decision[];
  /** The segment's own legal actions for `seat` (moves, rift choices, casualties, ...). */
  legal?: (t: Table, phase: TurnsPhase, seat: Seat) => Action[];
  /** Applies one of the segment's own actions; undefined: not an action of this segment. */
  apply?: (d: Draft, phase: TurnsPhase, seat: Seat, a: Action) => RuleError | null | undefined;
  /** Why the segment cannot be left yet (forced work such as a battle in progress), or null. */
  blocked?: (t: Table, phase: TurnsPhase) => string | null;
}

/** BG-6 / BG-7 (combat/segment.ts): fights, casualties, withdrawal, landings, captures. */
const COMBAT_HOOKS = {
  decisions: combatDecisions,
  legal: combatLegal,
  apply: applyCombat,
  blocked: combatBlocked,
} satisfies SegmentRules;

/** OR-6.2: with leaders on, the variants naming a leaders' ship (leaders/windows.ts). */
function leaderShipsOffered(
  t: Table,
  seat: Seat,
  battleHex: HexKey | undefined,
  actions: Action[],
): Action[] {
  return t.options.leaders ? withLeaderShips(t, seat, battleHex, actions) : actions;
}

/** One entry per segment. */
export const SEGMENT_RULES: Readonly<Record<TurnSegment, SegmentRules>> = {
  'leaders-board': LEADERS_BOARD_SEGMENT,
  // BG-9 / BG-11: cards played "before your Movement segment" (and Signal Jamming) get their window.
  movement: {
    ...MOVEMENT_SEGMENT,
    // BG-9: Spatial Jump, Transit Diodes and Shuttle Logistics are the mover's choices here.
    // OR-6.2: a move may name the leaders' ship among its ships.
    legal: (t, phase, seat) => [
      ...movementTechLegal(t, phase, seat),
      ...leaderShipsOffered(t, seat, undefined, MOVEMENT_SEGMENT.legal?.(t, phase, seat) ?? []),
    ],
    apply: (d, phase, seat, a) => {
      if (a.type !== 'use-technology') return MOVEMENT_SEGMENT.apply?.(d, phase, seat, a);
      if (seat !== phase.active) return ruleError('NOT_YOUR_DECISION', 'It is not your turn.');
      const waits = movementWaits(phase);
      return waits === null
        ? applyMovementTech(d, phase, seat, a)
        : ruleError('ILLEGAL_ACTION', waits);
    },
    enter: (d) => {
      // OR-6.2: where the Admirals stand now decides which Dreadnoughts move +1 this segment.
      recordAdmirals(d);
      MOVEMENT_SEGMENT.enter?.(d);
      const phase = d.s.phase;
      if (phase.name === 'individual-turns')
        d.reach({ kind: 'movement-start', seat: phase.active });
    },
  },
  'space-battle': {
    enter: enterSpaceBattle,
    ...COMBAT_HOOKS,
    // OR-4.2: a pursuing Cruiser that entered a rift waits for its owner's choice first.
    decisions: (t, phase) => {
      const rift = pursuitRiftDecisions(t, phase);
      return rift.length > 0 ? rift : combatDecisions(t, phase);
    },
    blocked: (t, phase) => pursuitRiftWaits(phase) ?? combatBlocked(t, phase),
    // BG-9 Strategic Mathematics: Cruisers of a won battle may move on.
    // OR-6.2: a casualty choice, a pursuit or a way out of a rift may name the leaders' ship.
    legal: (t, phase, seat) =>
      leaderShipsOffered(
        t,
        seat,
        phase.combat?.battle?.hex,
        pursuitRiftWaits(phase) !== null
          ? pursuitRiftLegal(t, phase, seat)
          : [...combatLegal(t, phase, seat), ...pursuitLegal(t, phase, seat)],
      ),
    apply: (d, phase, seat, a) => {
      if (a.type === 'rift-exit' || a.type === 'rift-stay')
        return applyPursuitRift(d, phase, seat, a, fightAt);
      const waits = pursuitRiftWaits(phase);
      if (waits !== null) return ruleError('ILLEGAL_ACTION', waits);
      return a.type === 'use-technology' && a.technology === 'strategic-mathematics'
        ? applyPursuit(d, phase, seat, a, fightAt)
        : applyCombat(d, phase, seat, a);
    },
  },
  'invasion-combat': {
    enter: enterInvasionCombat,
    ...COMBAT_HOOKS,
    // OR-6.2: between fights a leader aboard may land on a friendly planet.
    legal: (t, phase, seat) =>
      t.options.leaders
        ? [
            ...withInvadingLeaders(t, seat, combatLegal(t, phase, seat)),
            ...landLeaderLegal(t, phase, seat),
          ]
        : combatLegal(t, phase, seat),
    apply: (d, phase, seat, a) =>
      a.type === 'land-leader'
        ? applyLandLeader(d, phase, seat, a)
        : applyCombat(d, phase, seat, a),
  },
};
