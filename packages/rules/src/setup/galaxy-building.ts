import {
  canPlace,
  hexKey,
  legalPlacements,
  placeTile,
  playableTiles,
  tileById,
} from '@outer-rim/map';
import type { Action } from '../actions/schema.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import type { PhaseState } from '../state/phase.js';
import type { Seat, Table } from '../state/types.js';

/**
 * BG-4 interactive galaxy building: each seat holds its dealt tiles
 * (hidden from the others) and lays one at a time in snake order, where the
 * map package's regulations allow (ring by ring, anomaly adjacency, a
 * planet tile after the seat's own planetless one when possible).
 */
export type BuildingPhase = Extract<PhaseState, { name: 'galaxy-building' }>;

const hasPlanets = (id: string): boolean => (tileById(id)?.planets.length ?? 0) > 0;
/** The tile may be laid somewhere now (the map's tile checks; an open ring always has a hex). */
const fits = (galaxy: Table['galaxy'], id: string): boolean =>
  playableTiles(galaxy, [id], false).length > 0;

function dealtOf(t: Table, seat: Seat): readonly string[] {
  return t.players[seat]?.dealtTiles ?? [];
}

export function buildingDecisions(t: Table, phase: BuildingPhase): Decision[] {
  const seat = phase.order[phase.step];
  if (seat === undefined) return [];
  return [{ seat, kind: 'place-tile', prompt: 'Place one of your galaxy tiles.' }];
}

export function buildingLegal(t: Table, phase: BuildingPhase, seat: Seat): Action[] {
  if (phase.order[phase.step] !== seat) return [];
  const out: Action[] = [];
  const afterPlanetless = phase.planetlessSeats.includes(seat);
  for (const tileId of playableTiles(t.galaxy, dealtOf(t, seat), afterPlanetless)) {
    for (const hex of legalPlacements(t.galaxy, tileId)) {
      out.push({ type: 'place-tile', tileId, hex: { q: hex.q, r: hex.r } });
    }
  }
  return out;
}

/**
 * Moves past seats that hold nothing they can lay. A seat whose remaining
 * tiles fit nowhere sets them aside (reported), so building never stalls.
 */
export function skipStuckSeats(d: Draft): void {
  for (;;) {
    const phase = d.s.phase;
    if (phase.name !== 'galaxy-building') return;
    const seat = phase.order[phase.step];
    if (seat === undefined) return;
    const hand = d.s.players[seat]?.dealtTiles ?? [];
    if (hand.some((id) => fits(d.s.galaxy, id))) return;
    if (hand.length > 0) {
      d.player(seat).dealtTiles = [];
      d.s.tileStock = [...d.s.tileStock, ...hand];
      d.emit({ type: 'tiles-discarded', seat, count: hand.length, reason: 'no legal placement' });
    }
    d.s.phase = { ...phase, step: phase.step + 1 };
  }
}

function placeDealtTile(
  d: Draft,
  seat: Seat,
  tileId: string,
  hex: { q: number; r: number },
  rotation: number,
): void {
  const phase = d.s.phase;
  if (phase.name !== 'galaxy-building') return;
  d.s.galaxy = placeTile(d.s.galaxy, tileId, hex, rotation);
  const p = d.player(seat);
  const i = p.dealtTiles.indexOf(tileId);
  p.dealtTiles = [...p.dealtTiles.slice(0, i), ...p.dealtTiles.slice(i + 1)];
  // BG-4 binds the player who laid the planetless tile, not whoever lays next.
  const others = phase.planetlessSeats.filter((s) => s !== seat);
  const planetlessSeats = hasPlanets(tileId) ? others : [...others, seat];
  d.s.phase = { ...phase, step: phase.step + 1, planetlessSeats };
  d.emit({ type: 'tile-placed', seat, tileId, hex: { q: hex.q, r: hex.r }, rotation });
  skipStuckSeats(d);
}

export function applyBuilding(
  d: Draft,
  phase: BuildingPhase,
  seat: Seat,
  a: Action,
): RuleError | null {
  if (a.type !== 'place-tile') {
    return ruleError('NOT_YOUR_DECISION', 'The galaxy is being built: only tile placements now.');
  }
  if (phase.order[phase.step] !== seat) {
    return ruleError('NOT_YOUR_DECISION', 'It is not your turn to place a tile.');
  }
  const hand = d.s.players[seat]?.dealtTiles ?? [];
  if (!hand.includes(a.tileId)) {
    return ruleError('ILLEGAL_ACTION', 'That tile is not among your dealt tiles.');
  }
  if (
    phase.planetlessSeats.includes(seat) &&
    !hasPlanets(a.tileId) &&
    hand.some((id) => hasPlanets(id) && fits(d.s.galaxy, id))
  ) {
    return ruleError(
      'ILLEGAL_ACTION',
      'After a tile without planets you must place a tile with planets when you can.',
    );
  }
  const check = canPlace(d.s.galaxy, a.tileId, a.hex);
  if (!check.ok) {
    return ruleError(
      'ILLEGAL_ACTION',
      `That tile cannot go at ${hexKey(a.hex)}: ${check.message}.`,
      {
        reason: check.code,
      },
    );
  }
  placeDealtTile(d, seat, a.tileId, a.hex, a.rotation ?? 0);
  return null;
}

/** Building is over when every step is taken (the snake order is exhausted). */
export function buildingFinished(phase: BuildingPhase): boolean {
  return phase.step >= phase.order.length;
}

/** `auto` mode: the engine lays every tile for the seats, at random among the legal choices. */
export function autoBuild(d: Draft): void {
  skipStuckSeats(d);
  for (;;) {
    const phase = d.s.phase;
    if (phase.name !== 'galaxy-building' || buildingFinished(phase)) return;
    const seat = phase.order[phase.step];
    if (seat === undefined) return;
    // The first fitting tile of a shuffled hand is a uniform pick among the
    // playable ones, without testing every tile of the hand.
    const hand = d.rng().shuffle(d.s.players[seat]?.dealtTiles ?? []);
    const planetTile = phase.planetlessSeats.includes(seat)
      ? hand.find((id) => hasPlanets(id) && fits(d.s.galaxy, id))
      : undefined;
    const tileId = planetTile ?? hand.find((id) => fits(d.s.galaxy, id));
    if (tileId === undefined) return;
    const hex = d.rng().pick(legalPlacements(d.s.galaxy, tileId));
    placeDealtTile(d, seat, tileId, hex, 0);
  }
}
