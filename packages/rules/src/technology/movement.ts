import type { HexKey } from '@outer-rim/map';
import type { Action, ActionOf } from '../actions/schema.js';
import { spatialJump, spatialJumpTargets } from '../cards/movement-cards.js';
import { adjacentSystems } from '../cards/names.js';
import { groundIn, n, planetUnits, spaceUnits } from '../combat/forces.js';
import { leaderShipsProblem } from '../leaders/windows.js';
import { TECH_PARAMS } from '../content/technologies.js';
import { ruleError, type RuleError } from '../errors.js';
import { movableCount, movementOf } from '../movement/rules.js';
import { MOVING_SHIPS, type MovementState } from '../movement/types.js';
import { planetsOf } from '../state/board.js';
import type { Draft } from '../state/draft.js';
import type { TurnsPhase } from '../state/phase.js';
import type { Seat, Table } from '../state/types.js';
import { hasTech } from './owned.js';

/**
 * BG-9 technologies of the Movement segment, each a choice of the active
 * player (`use-technology`):
 * - Spatial Jump: before the segment's first move, one fleet (every ship in
 *   one system, its Fighters and cargo too) jumps to any system; each ship
 *   rolls and is lost on 8-10 (the card's rule, cards/movement-cards.ts).
 *   Once per turn; the ships that jump have moved.
 * - Transit Diodes: before the first move, up to 3 Ground Forces in all go
 *   from planets the player controls to other planets it controls, anywhere.
 * - Shuttle Logistics: at any time of the segment, Ground Forces go from a
 *   planet the player controls to another in the same or an adjacent
 *   system; a Ground Force that arrived so may not go on this turn.
 * Ground Forces here are Ground Forces only (Shock Forces stay: the research
 * sheet names Ground Forces), recorded in the rules notes of docs/rules.md.
 */

function before(m: MovementState): boolean {
  return m.begun !== true;
}

function setMovement(d: Draft, m: MovementState): void {
  const phase = d.s.phase;
  if (phase.name !== 'individual-turns') throw new Error('not in an individual turn');
  d.s.phase = { ...phase, movement: m };
}

function jumpTargets(t: Table, phase: TurnsPhase, seat: Seat): Action[] {
  const m = movementOf(phase);
  if (!hasTech(t, seat, 'spatial-jump') || m.jumped === true || !before(m)) return [];
  return spatialJumpTargets(t, seat)
    .filter((x) => {
      const from = x.hex;
      return (
        from !== undefined && MOVING_SHIPS.some((u) => movableCount(t, phase, seat, from, u) > 0)
      );
    })
    .map((x) => ({
      type: 'use-technology',
      technology: 'spatial-jump',
      hex: x.hex,
      toHex: x.toHex,
      // OR-6.2: the leaders' Fighter named among the Fighters that jump.
      ...(x.leaderShips === undefined ? {} : { leaderShips: x.leaderShips }),
    }));
}

function groundOn(t: Table, seat: Seat, planet: string): number {
  const hex = t.planets[planet]?.hex;
  return hex === undefined ? 0 : n(planetUnits(t, hex, planet, seat), 'ground-force');
}

function diodesLeft(m: MovementState): number {
  return TECH_PARAMS.transitDiodesMax - (m.diodes ?? 0);
}

function diodesTargets(t: Table, phase: TurnsPhase, seat: Seat): Action[] {
  const m = movementOf(phase);
  if (!hasTech(t, seat, 'transit-diodes') || !before(m)) return [];
  const left = diodesLeft(m);
  const mine = [...planetsOf(t, seat)].sort();
  const out: Action[] = [];
  for (const planet of mine) {
    const max = Math.min(left, groundOn(t, seat, planet));
    if (max <= 0) continue;
    for (const to of mine) {
      if (to === planet) continue;
      for (let count = 1; count <= max; count++) {
        if (strandsLeader(t, seat, planet, count)) break;
        out.push({ type: 'use-technology', technology: 'transit-diodes', planet, to, count });
      }
    }
  }
  return out;
}

/** Ground Forces on `planet` that may still shuttle this turn. */
function shuttleable(t: Table, m: MovementState, seat: Seat, planet: string): number {
  return Math.max(0, groundOn(t, seat, planet) - (m.shuttled?.[planet] ?? 0));
}

function shuttleReach(t: Table, seat: Seat, planet: string): string[] {
  const hex = t.planets[planet]?.hex;
  if (hex === undefined) return [];
  const near = new Set<HexKey>([hex, ...adjacentSystems(t, hex)]);
  return [...planetsOf(t, seat)]
    .filter((p) => p !== planet && near.has(t.planets[p]?.hex ?? ('' as HexKey)))
    .sort();
}

function shuttleTargets(t: Table, phase: TurnsPhase, seat: Seat): Action[] {
  if (!hasTech(t, seat, 'shuttle-logistics')) return [];
  const m = movementOf(phase);
  const out: Action[] = [];
  for (const planet of [...planetsOf(t, seat)].sort()) {
    const max = shuttleable(t, m, seat, planet);
    if (max <= 0) continue;
    for (const to of shuttleReach(t, seat, planet)) {
      // With a leader of the seat there, all but one may go.
      const most = strandsLeader(t, seat, planet, max) ? max - 1 : max;
      for (const count of new Set([1, most])) {
        if (count >= 1 && !strandsLeader(t, seat, planet, count))
          out.push({ type: 'use-technology', technology: 'shuttle-logistics', planet, to, count });
      }
    }
  }
  return out;
}

/** The Movement segment's technology choices for the active player. */
export function movementTechLegal(t: Table, phase: TurnsPhase, seat: Seat): Action[] {
  if (seat !== phase.active || phase.segment !== 'movement') return [];
  if (movementOf(phase).rift !== undefined) return [];
  return [
    ...jumpTargets(t, phase, seat),
    ...diodesTargets(t, phase, seat),
    ...shuttleTargets(t, phase, seat),
  ];
}

function shiftGround(d: Draft, seat: Seat, from: string, to: string, count: number): void {
  const a = d.s.planets[from]?.hex;
  const b = d.s.planets[to]?.hex;
  if (a === undefined || b === undefined) return;
  d.addUnits(a, from, seat, 'ground-force', -count);
  d.addUnits(b, to, seat, 'ground-force', count);
  d.emit({ type: 'ground-forces-shifted', seat, from, to, count });
}

interface GroundMove {
  planet: string;
  to: string;
  count: number;
}

/** The move the action names, or why it cannot be made with `available` Ground Forces. */
function groundMove(
  t: Table,
  seat: Seat,
  a: ActionOf<'use-technology'>,
  available: number,
): GroundMove | string {
  const { planet, to, count } = a;
  if (planet === undefined || to === undefined || count === undefined)
    return 'Name the planet the Ground Forces leave, the planet they go to and how many.';
  const mine = planetsOf(t, seat);
  if (!mine.includes(planet) || !mine.includes(to) || planet === to)
    return 'Ground Forces go from one planet you control to another one you control.';
  if (count > available)
    return `Only ${available} Ground Force${available === 1 ? '' : 's'} on ${planet} may go.`;
  if (strandsLeader(t, seat, planet, count))
    return `A leader of yours on ${planet} needs your Ground Forces there: leave at least one.`;
  return { planet, to, count };
}

/**
 * OR-6.2: a leader stands only where its owner has Ground or Shock Forces;
 * moving the last of them away would kill it, which no player means to do.
 */
function strandsLeader(t: Table, seat: Seat, planet: string, count: number): boolean {
  const hex = t.planets[planet]?.hex;
  if (hex === undefined) return false;
  const leader = t.players[seat]?.leaders.some((l) => l.status === 'active' && l.planet === planet);
  return leader === true && groundIn(planetUnits(t, hex, planet, seat)) - count <= 0;
}

/** Applies a Movement-segment technology; undefined when `a` is not one of them. */
export function applyMovementTech(
  d: Draft,
  phase: TurnsPhase,
  seat: Seat,
  a: ActionOf<'use-technology'>,
): RuleError | null | undefined {
  const t = d.s;
  const m = movementOf(phase);
  const illegal = (msg: string): RuleError => ruleError('ILLEGAL_ACTION', msg);
  // OR-6.2: Diodes and Shuttle Logistics move Ground Forces: no leaders' ship to name.
  const named = a.leaderShips ?? [];
  if (named.length > 0 && a.technology !== 'spatial-jump')
    return illegal('This technology moves no ships, so no leader’s ship can be named (OR-6.2).');
  switch (a.technology) {
    case 'spatial-jump': {
      if (!hasTech(t, seat, 'spatial-jump')) return illegal('You do not have Spatial Jump.');
      if (m.jumped === true) return illegal('Spatial Jump has been used this turn.');
      if (!before(m)) return illegal('Spatial Jump is used before your ships move this turn.');
      const { hex, toHex } = a;
      const ok = jumpTargets(t, phase, seat).some(
        (x) => x.type === 'use-technology' && x.hex === hex && x.toHex === toHex,
      );
      if (!ok || hex === undefined || toHex === undefined)
        return illegal(
          'Jump a fleet of yours that may still move to another system ships may stop in.',
        );
      const leaderProblem = leaderShipsProblem(t, seat, hex, spaceUnits(t, hex, seat), named);
      if (leaderProblem !== null) return illegal(leaderProblem);
      d.emit({ type: 'technology-used', seat, technology: 'spatial-jump' });
      spatialJump(d, seat, hex, toHex, named);
      setMovement(d, { ...movementOf(turnsPhase(d)), jumped: true });
      return null;
    }
    case 'transit-diodes': {
      if (!hasTech(t, seat, 'transit-diodes')) return illegal('You do not have Transit Diodes.');
      if (!before(m)) return illegal('Transit Diodes are used before your ships move this turn.');
      const on = a.planet === undefined ? 0 : groundOn(t, seat, a.planet);
      const g = groundMove(t, seat, a, Math.min(diodesLeft(m), on));
      if (typeof g === 'string') return illegal(g);
      d.emit({ type: 'technology-used', seat, technology: 'transit-diodes' });
      shiftGround(d, seat, g.planet, g.to, g.count);
      setMovement(d, { ...m, diodes: (m.diodes ?? 0) + g.count });
      return null;
    }
    case 'shuttle-logistics': {
      if (!hasTech(t, seat, 'shuttle-logistics'))
        return illegal('You do not have Shuttle Logistics.');
      const available = a.planet === undefined ? 0 : shuttleable(t, m, seat, a.planet);
      const g = groundMove(t, seat, a, available);
      if (typeof g === 'string') return illegal(g);
      if (!shuttleReach(t, seat, g.planet).includes(g.to))
        return illegal('Shuttles reach only your planets in the same or an adjacent system.');
      d.emit({ type: 'technology-used', seat, technology: 'shuttle-logistics' });
      shiftGround(d, seat, g.planet, g.to, g.count);
      setMovement(d, {
        ...m,
        shuttled: { ...m.shuttled, [g.to]: (m.shuttled?.[g.to] ?? 0) + g.count },
      });
      return null;
    }
    default:
      return undefined;
  }
}

function turnsPhase(d: Draft): TurnsPhase {
  const phase = d.s.phase;
  if (phase.name !== 'individual-turns') throw new Error('not in an individual turn');
  return phase;
}
