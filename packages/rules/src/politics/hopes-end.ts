import { groupUnits, shockForcesOnBoard } from '../combat/forces.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import type { Action } from '../actions/schema.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table } from '../state/types.js';
import { HOPES_END } from './names.js';
import type { PoliticalPhase } from './types.js';

/**
 * OR-6.1 Hopes End: in the Political phase its holder may pay to turn one Ground Force there into a
 * Shock Force (owed beside the vote, answered at any time in the phase: phases/political.ts).
 */

/** The seat that may convert on Hopes End now: it holds the planet, a Ground Force there, 1 credit, room under the limit. */
export function hopesEndOwner(t: Table): Seat | undefined {
  if (!t.options.shockForces) return undefined;
  const planet = t.planets[HOPES_END];
  const owner = planet?.owner;
  if (planet === undefined || typeof owner !== 'number') return undefined;
  const gf = groupUnits(t.units[planet.hex]?.planets[HOPES_END], owner)['ground-force'] ?? 0;
  if (gf === 0) return undefined;
  if ((t.players[owner]?.credits ?? 0) < RULE_CONSTANTS.hopesEndConversionCost) return undefined;
  if (shockForcesOnBoard(t, owner) >= RULE_CONSTANTS.shockForceLimitPerPlayer) return undefined;
  return owner;
}

export function hopesEndOwed(t: Table, phase: PoliticalPhase): Seat | undefined {
  const seat = phase.hopesEnd;
  return seat !== undefined && hopesEndOwner(t) === seat ? seat : undefined;
}

/** The Hopes End choice, owed beside whatever the phase waits for. */
export function hopesEndDecisions(t: Table, phase: PoliticalPhase): Decision[] {
  const seat = hopesEndOwed(t, phase);
  if (seat === undefined) return [];
  return [
    {
      seat,
      kind: 'hopes-end',
      prompt:
        'Hopes End: pay 1 credit to turn a Ground Force there into a Shock Force, or decline.',
    },
  ];
}

export function hopesEndLegal(t: Table, phase: PoliticalPhase, seat: Seat): Action[] {
  if (hopesEndOwed(t, phase) !== seat) return [];
  return [
    { type: 'hopes-end', convert: true },
    { type: 'hopes-end', convert: false },
  ];
}

export function applyHopesEnd(
  d: Draft,
  phase: PoliticalPhase,
  seat: Seat,
  convert: boolean,
): RuleError | null {
  if (hopesEndOwed(d.s, phase) !== seat) {
    return ruleError('NOT_YOUR_DECISION', 'You may not convert on Hopes End now.');
  }
  const { hopesEnd: _h, ...rest } = phase;
  d.s.phase = rest;
  if (!convert) return null;
  const hex = d.s.planets[HOPES_END]?.hex;
  if (hex === undefined) return ruleError('ILLEGAL_ACTION', 'Hopes End is not on the board.');
  const cost = RULE_CONSTANTS.hopesEndConversionCost;
  d.player(seat).credits -= cost;
  d.addUnits(hex, HOPES_END, seat, 'ground-force', -1);
  d.addUnits(hex, HOPES_END, seat, 'shock-force', 1);
  d.emit({ type: 'hopes-end-converted', seat, planet: HOPES_END, cost });
  return null;
}
