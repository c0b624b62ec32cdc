import type { HexKey } from '@outer-rim/map';
import type { Action, ActionOf } from '../actions/schema.js';
import { ownerLabel } from '../combat/forces.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import { leadersAt, shipsOfType } from '../leaders/fates.js';
import type { Draft } from '../state/draft.js';
import type { TurnsPhase } from '../state/phase.js';
import type { Seat, Table } from '../state/types.js';
import { systemName } from '../views/names.js';
import { leaderShipAmong } from '../leaders/windows.js';
import { checkFleet, leavingFrom, moveFleet, type Fleet } from './apply-move.js';
import {
  heldCargo,
  isRift,
  movableCount,
  moveValue,
  movementOf,
  ownSpace,
  routesFrom,
} from './rules.js';
import type { PassageRequest } from './types.js';

/**
 * OR-6.2 Diplomat, Leader Table: "A fleet containing a Diplomat may pass
 * through systems containing one or more ships belonging to an opponent. If
 * the opponent allows the movement."
 *
 * A fleet contains the Diplomat when the move takes its ship along (named
 * by the move, or the last of its kind: leaders/README). A `move` whose path passes
 * (does not end in) systems holding other players' ships — and no minor
 * race's, which is no player to ask — is held as a request: each owner of
 * those ships answers `answer-passage`; all agree and the fleet moves, one
 * refuses and nothing moves. A player who refused is not asked again this
 * turn (such moves are neither offered nor accepted), so a turn cannot be
 * spent asking.
 */

type Move = ActionOf<'move'>;

function fleetOf(a: Move, passage: boolean): Fleet {
  return {
    from: a.from,
    path: a.path,
    ships: a.ships,
    load: a.load ?? [],
    passage,
    ...(a.leaderShips === undefined ? {} : { leaderShips: a.leaderShips }),
  };
}

/** The move takes a Diplomat of `seat` along: its ship is among the ships leaving. */
export function carriesDiplomat(t: Table, seat: Seat, a: Move): boolean {
  if (!t.options.leaders) return false;
  const leaving = leavingFrom(fleetOf(a, false));
  return leadersAt(t, seat, a.from, null).some(
    (l) =>
      l.type === 'diplomat' &&
      l.ship !== undefined &&
      leaderShipAmong(t, seat, a.from, l.ship, leaving[l.ship] ?? 0, a.leaderShips ?? []),
  );
}

/** The players whose ships the path passes (the systems before its end), in seat order. */
export function passedOwners(t: Table, seat: Seat, path: readonly HexKey[]): Seat[] {
  const out = new Set<Seat>();
  for (const hex of path.slice(0, -1)) {
    for (const g of t.units[hex]?.space ?? []) {
      if (typeof g.owner === 'number' && g.owner !== seat) out.add(g.owner);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Who must agree to this move, or a reason it cannot be asked for; `ordinary` when it needs
 * nobody and passes the ordinary fleet check, null when it needs nobody and does not.
 */
function passageFor(
  t: Table,
  phase: TurnsPhase,
  seat: Seat,
  a: Move,
): Seat[] | RuleError | 'ordinary' | null {
  if (checkFleet(t, phase, seat, fleetOf(a, false)) === null) return 'ordinary';
  if (!carriesDiplomat(t, seat, a)) return null;
  const problem = checkFleet(t, phase, seat, fleetOf(a, true));
  if (problem !== null) return problem;
  const asked = passedOwners(t, seat, a.path);
  // Nobody to ask: the move fails for its own reason, not for the ships it passes.
  if (asked.length === 0) return checkFleet(t, phase, seat, fleetOf(a, false));
  const refused = movementOf(phase).refused ?? [];
  const no = asked.find((s) => refused.includes(s));
  if (no !== undefined)
    return ruleError(
      'ILLEGAL_ACTION',
      `${ownerLabel(t, no)} refused your fleet passage this turn.`,
    );
  return asked;
}

function setRequest(
  d: Draft,
  phase: TurnsPhase,
  passage: PassageRequest | undefined,
  refused?: Seat,
): void {
  const { passage: _old, ...m } = movementOf(phase);
  d.s.phase = {
    ...phase,
    movement: {
      ...m,
      ...(passage === undefined ? {} : { passage }),
      ...(refused === undefined ? {} : { refused: [...(m.refused ?? []), refused] }),
    },
  };
}

/**
 * A `move` (movement/segment.ts): through other players' ships with a
 * Diplomat it becomes a request; anything else is an ordinary move for the
 * caller to apply: `checked` when its fleet already passed `checkFleet` on
 * this state, undefined when the caller's own checks say why it cannot.
 */
export function askPassage(
  d: Draft,
  phase: TurnsPhase,
  seat: Seat,
  a: Move,
): RuleError | null | undefined | 'checked' {
  const asked = passageFor(d.s, phase, seat, a);
  if (asked === null) return undefined;
  if (asked === 'ordinary') return 'checked';
  if ('code' in asked) return asked;
  setRequest(d, phase, { move: a, asked, agreed: [] });
  return null;
}

export function passageDecisions(t: Table, phase: TurnsPhase): Decision[] {
  const p = movementOf(phase).passage;
  if (p === undefined) return [];
  const where = [...new Set(p.move.path.slice(0, -1))]
    .filter((h) => (t.units[h]?.space ?? []).some((g) => g.owner !== phase.active))
    .map((h) => systemName(h, t.galaxy))
    .join(', ');
  return p.asked
    .filter((s) => !p.agreed.includes(s))
    .map((seat) => ({
      seat,
      kind: 'passage' as const,
      prompt: `${ownerLabel(t, phase.active)} asks to pass your ships in ${where} with a fleet carrying its Diplomat: let it pass, or refuse.`,
    }));
}

export function passageLegal(phase: TurnsPhase, seat: Seat): Action[] {
  const p = movementOf(phase).passage;
  if (p === undefined || !p.asked.includes(seat) || p.agreed.includes(seat)) return [];
  return [
    { type: 'answer-passage', accept: true },
    { type: 'answer-passage', accept: false },
  ];
}

export function answerPassage(
  d: Draft,
  phase: TurnsPhase,
  seat: Seat,
  a: ActionOf<'answer-passage'>,
): RuleError | null {
  const p = movementOf(phase).passage;
  if (p === undefined || !p.asked.includes(seat) || p.agreed.includes(seat))
    return ruleError('NOT_YOUR_DECISION', 'Nobody asks you for passage now.');
  d.emit({ type: 'passage-answered', seat, mover: phase.active, accept: a.accept });
  if (!a.accept) {
    setRequest(d, phase, undefined, seat);
    return null;
  }
  const agreed = [...p.agreed, seat];
  if (agreed.length < p.asked.length) {
    setRequest(d, phase, { ...p, agreed });
    return null;
  }
  setRequest(d, phase, undefined);
  const cleared = d.s.phase;
  if (cleared.name !== 'individual-turns') throw new Error('not in an individual turn');
  const fleet = fleetOf(p.move, true);
  // Nothing else happened while the owners answered: the move checked as asked still holds.
  const problem = checkFleet(d.s, cleared, phase.active, fleet);
  if (problem !== null) return problem;
  moveFleet(d, cleared, phase.active, fleet);
  return null;
}

/**
 * legalActions: for each Diplomat aboard, its whole group of that ship type
 * (what takes it along) to each system reachable only through other
 * players' ships, with the cargo its Carriers must take.
 */
export function passageMoves(t: Table, phase: TurnsPhase, seat: Seat): Move[] {
  if (!t.options.leaders || movementOf(phase).rift !== undefined) return [];
  const out: Move[] = [];
  for (const l of t.players[seat]?.leaders ?? []) {
    if (l.type !== 'diplomat' || l.status !== 'active' || l.hex === undefined) continue;
    // A Diplomat aboard a Fighter passes as the Carriers take its Fighter along (not offered here).
    if (l.ship === undefined || l.ship === 'fighter' || isRift(t, l.hex)) continue;
    const from = l.hex;
    const unit = l.ship;
    const count = movableCount(t, phase, seat, from, unit);
    if (count === 0 || count !== shipsOfType(t, seat, from, unit)) continue;
    const ships = { [unit]: count };
    const space = ownSpace(t, from, seat);
    // All the Carriers leave: all the cargo aboard goes with them.
    const load =
      unit === 'carrier' && heldCargo(space) > 0
        ? (['ground-force', 'shock-force', 'pds'] as const)
            .filter((k) => (space[k] ?? 0) > 0)
            .map((k) => ({ hex: from, unit: k, count: space[k] ?? 0 }))
        : [];
    for (const r of routesFrom(t, seat, from, moveValue(t, seat, unit, from), true)) {
      const a: Move = {
        type: 'move',
        from,
        path: r.path,
        ships,
        ...(load.length === 0 ? {} : { load }),
      };
      const asked = passageFor(t, phase, seat, a);
      if (Array.isArray(asked) && asked.length > 0) out.push(a);
    }
  }
  return out;
}

/** A passage move for a client: the move and whom it asks. */
export interface PassageOption {
  move: Move;
  asks: Seat[];
}

/** The passage moves `seat` may ask for now, with whom each asks (equal on views and states). */
export function passageOptions(t: Table, seat: Seat): PassageOption[] {
  const phase = t.phase;
  if (phase.name !== 'individual-turns' || phase.segment !== 'movement' || phase.active !== seat)
    return [];
  if (movementOf(phase).passage !== undefined) return [];
  return passageMoves(t, phase, seat).map((move) => ({
    move,
    asks: passedOwners(t, seat, move.path),
  }));
}
