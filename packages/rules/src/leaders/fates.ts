import type { HexKey } from '@outer-rim/map';
import { RULE_CONSTANTS } from '../content/constants.js';
import { homeHexKey, planetsOf } from '../state/board.js';
import type { Draft } from '../state/draft.js';
import { settledOf } from '../state/settled.js';
import type { GameState, LeaderState, Owner, Seat, Table } from '../state/types.js';
import { leaderName } from './names.js';

/**
 * OR-6.2 Leaders: where they stand and what becomes of them.
 *
 * A leader is on a planet (`hex` + `planet`), aboard a ship (`hex` + `ship`,
 * the ship's kind: ships are counts, so the leader's ship is one
 * distinguished ship of that kind, shared by its owner's leaders aboard that
 * kind there — it moves or is lost when its owner says it is among the ships
 * that move or are lost, or when all of that kind there do), captured
 * (`captor`, off the board) or killed.
 */

export type ShipType = NonNullable<LeaderState['ship']>;
/** OR-6.2 "Any ship can hold and transport Leaders": Fighters included. */
export const LEADER_SHIPS: readonly ShipType[] = ['dreadnought', 'carrier', 'cruiser', 'fighter'];

export interface LeaderRef {
  owner: Seat;
  leader: LeaderState;
}

/** Active leaders of `owner` on `planet` (or aboard ships at `hex` when planet is null). */
export function leadersAt(
  t: Table,
  owner: Seat,
  hex: HexKey,
  planet: string | null,
): LeaderState[] {
  return (t.players[owner]?.leaders ?? []).filter(
    (l) =>
      l.status === 'active' &&
      l.hex === hex &&
      (planet === null ? l.planet === undefined : l.planet === planet),
  );
}

export function findLeader(t: Table, id: string): LeaderRef | null {
  const players = t.players;
  for (let owner = 0; owner < players.length; owner++) {
    for (const leader of players[owner]?.leaders ?? [])
      if (leader.id === id) return { owner, leader };
  }
  return null;
}

/** Owner's ships of one type in space at `hex`. */
export function shipsOfType(t: Table, owner: Owner, hex: HexKey, ship: ShipType): number {
  return t.units[hex]?.space.find((g) => g.owner === owner)?.units[ship] ?? 0;
}

/** Owner's Ground and Shock Forces on a planet. */
export function troopsOn(t: Table, owner: Owner, hex: HexKey, planet: string): number {
  const u = t.units[hex]?.planets[planet]?.find((g) => g.owner === owner)?.units;
  return (u?.['ground-force'] ?? 0) + (u?.['shock-force'] ?? 0);
}

/** Replaces one leader of `owner` (copy-on-write: the player's array is new). */
export function putLeader(d: Draft, owner: Seat, next: LeaderState): void {
  const p = d.player(owner);
  p.leaders = p.leaders.map((l) => (l.id === next.id ? next : l));
}

function offBoard(l: LeaderState): LeaderState {
  const { hex: _h, planet: _p, ship: _s, captor: _c, escapingFrom: _e, ...rest } = l;
  return rest;
}

/** Moves a leader onto a planet or aboard a ship, and says so. */
export function placeLeader(
  d: Draft,
  owner: Seat,
  l: LeaderState,
  hex: HexKey,
  at: { planet: string } | { ship: ShipType },
): void {
  putLeader(d, owner, { ...offBoard(l), status: 'active', hex, ...at });
  d.emit({ type: 'leader-moved', owner, leader: l.id, hex, ...at });
}

export function killLeader(d: Draft, owner: Seat, l: LeaderState, reason: string): void {
  putLeader(d, owner, { ...offBoard(l), status: 'killed' });
  d.emit({ type: 'leader-fate', owner, leader: l.id, fate: 'killed', reason });
}

/** OR-6.2: the captor holds it off the board (+2 influence each, state/economy.ts). */
export function captureLeader(
  d: Draft,
  owner: Seat,
  l: LeaderState,
  captor: Seat,
  reason: string,
): void {
  putLeader(d, owner, { ...offBoard(l), status: 'captured', captor });
  const c = d.player(captor);
  c.captives = [...c.captives, { owner, leaderId: l.id }];
  d.emit({ type: 'leader-fate', owner, leader: l.id, fate: 'captured', by: captor, reason });
}

function dropCaptive(d: Draft, captor: Seat, leaderId: string): void {
  const c = d.player(captor);
  c.captives = c.captives.filter((x) => x.leaderId !== leaderId);
}

/**
 * A captive changes hands: to its owner it comes back onto `planet`
 * (rescue), to anyone else it stays a captive, now of that seat.
 */
export function transferCaptive(
  d: Draft,
  from: Seat,
  leaderId: string,
  to: Seat,
  reason: string,
  planet: { hex: HexKey; planet: string } | null,
): void {
  const ref = findLeader(d.s, leaderId);
  if (ref === null) return;
  dropCaptive(d, from, leaderId);
  if (ref.owner === to && planet !== null) {
    putLeader(d, to, {
      ...offBoard(ref.leader),
      status: 'active',
      hex: planet.hex,
      planet: planet.planet,
    });
    d.emit({
      type: 'leader-fate',
      owner: to,
      leader: leaderId,
      fate: 'rescued',
      planet: planet.planet,
      reason,
    });
    return;
  }
  putLeader(d, ref.owner, { ...offBoard(ref.leader), status: 'captured', captor: to });
  const c = d.player(to);
  c.captives = [...c.captives, { owner: ref.owner, leaderId }];
  d.emit({
    type: 'leader-fate',
    owner: ref.owner,
    leader: leaderId,
    fate: 'handed-over',
    by: to,
    reason,
  });
}

/** d10 whose 0 face reads 10 (BG-3). */
function d10(d: Draft, purpose: string, seat: Seat): number {
  return d.roll(purpose, 10, 1, seat)[0] ?? 10;
}

/**
 * OR-6.2: a ship carrying a leader destroyed in a space battle: odd killed,
 * even captured by the player who destroyed it. A minor race takes no
 * prisoners (it is no player): the leader dies without a roll. The leaders'
 * ship of a kind is lost when its owner chose it (`chosen`, kinds that took
 * losses) or when no ship of that kind is left.
 */
export function leadersAfterShipLoss(
  d: Draft,
  owner: Owner,
  hex: HexKey,
  destroyer: Owner | null,
  reason: string,
  chosen: readonly ShipType[] = [],
): void {
  if (typeof owner !== 'number') return;
  for (const l of leadersAt(d.s, owner, hex, null)) {
    if (l.ship === undefined) continue;
    if (shipsOfType(d.s, owner, hex, l.ship) > 0 && !chosen.includes(l.ship)) continue;
    if (typeof destroyer !== 'number') {
      killLeader(d, owner, l, `its ship was destroyed (${reason})`);
      continue;
    }
    const r = d10(
      d,
      `leader fate: ${leaderName(l.id)}, ship destroyed (odd killed, even captured)`,
      owner,
    );
    if (r % 2 === 1)
      killLeader(d, owner, l, `its ship was destroyed in a space battle (rolled ${r % 10})`);
    else
      captureLeader(
        d,
        owner,
        l,
        destroyer,
        `its ship was destroyed in a space battle (rolled ${r % 10})`,
      );
  }
}

/**
 * OR-6.2: after losses on a planet. The owner's last Ground/Shock Force
 * gone other than in invasion combat (bombardment, a card, a law): its
 * leaders there are killed. In invasion combat the fate waits for the
 * invasion's end (`leadersAfterInvasion`).
 */
export function leadersAfterTroopLoss(
  d: Draft,
  owner: Owner,
  hex: HexKey,
  planet: string,
  inInvasionCombat: boolean,
  reason: string,
): void {
  if (typeof owner !== 'number' || inInvasionCombat) return;
  if (troopsOn(d.s, owner, hex, planet) > 0) return;
  for (const l of leadersAt(d.s, owner, hex, planet)) {
    killLeader(d, owner, l, `the last Ground Force on ${planet} fell (${reason})`);
  }
}

/**
 * OR-6.2 at an invasion's end. Won: each defending leader rolls (1–5
 * captured, 6–9 escapes to another of its owner's planets holding its
 * troops — the home planet first, then by name; none: captured —, 0
 * killed), then rescue rolls for the loser's captives. Lost: leaders that
 * landed with the invaders are captured by the defender (killed by a minor
 * race or when nobody holds the planet).
 */
export function leadersAfterInvasion(
  d: Draft,
  hex: HexKey,
  planet: string,
  invader: Seat,
  from: Owner | null,
  won: boolean,
): void {
  if (!won) {
    for (const l of leadersAt(d.s, invader, hex, planet)) {
      if (typeof from === 'number')
        captureLeader(d, invader, l, from, `the invasion of ${planet} failed`);
      else killLeader(d, invader, l, `the invasion of ${planet} failed`);
    }
    return;
  }
  if (typeof from !== 'number') return;
  const C = RULE_CONSTANTS;
  for (const l of leadersAt(d.s, from, hex, planet)) {
    const r = d10(
      d,
      `leader fate: ${leaderName(l.id)}, ${planet} invaded (1-5 captured, 6-9 escapes, 0 killed)`,
      from,
    );
    const face = r % 10;
    if (r === 10) {
      killLeader(d, from, l, `${planet} was invaded (rolled 0)`);
    } else if (r <= C.leaderInvadedCapturedMax) {
      captureLeader(d, from, l, invader, `${planet} was invaded (rolled ${face})`);
    } else {
      const refuges = escapePlanets(d.s, from, planet);
      const reason = `${planet} was invaded (rolled ${face})`;
      const [only] = refuges;
      if (only === undefined) {
        captureLeader(d, from, l, invader, `${planet} was invaded and it had nowhere to escape to`);
      } else if (refuges.length === 1) {
        escapeTo(d, from, l, only, reason);
      } else {
        // Its owner chooses where (leaders/escape.ts); off the board until then.
        putLeader(d, from, { ...offBoard(l), status: 'active', escapingFrom: planet });
        d.emit({
          type: 'leader-fate',
          owner: from,
          leader: l.id,
          fate: 'escaping',
          planet,
          reason,
        });
      }
    }
  }
  rescueOnInvasion(d, hex, planet, invader, from);
}

/**
 * Where an escaping leader may go: another planet of its owner with the
 * owner's troops (a leader stands nowhere else), the home system's first,
 * then by name.
 */
export function escapePlanets(
  t: Table,
  owner: Seat,
  except: string,
): { hex: HexKey; planet: string }[] {
  const home = homeHexKey(t, owner);
  return planetsOf(t, owner)
    .filter((name) => name !== except)
    .map((name) => ({ planet: name, hex: t.planets[name]?.hex }))
    .filter((x): x is { planet: string; hex: HexKey } => x.hex !== undefined)
    .filter((x) => troopsOn(t, owner, x.hex, x.planet) > 0)
    .sort(
      (a, b) => Number(b.hex === home) - Number(a.hex === home) || a.planet.localeCompare(b.planet),
    );
}

/** The first of `escapePlanets` (a captive released to its owner goes there). */
export function escapePlanet(
  t: Table,
  owner: Seat,
  except: string,
): { hex: HexKey; planet: string } | null {
  return escapePlanets(t, owner, except)[0] ?? null;
}

/** The escaping leader arrives on `to`, and says so. */
export function escapeTo(
  d: Draft,
  owner: Seat,
  l: LeaderState,
  to: { hex: HexKey; planet: string },
  reason: string,
): void {
  putLeader(d, owner, { ...offBoard(l), status: 'active', hex: to.hex, planet: to.planet });
  d.emit({
    type: 'leader-fate',
    owner,
    leader: l.id,
    fate: 'escaped',
    planet: to.planet,
    reason,
  });
}

/**
 * OR-6.2 rescue: each successful invasion of a planet of a player holding
 * captives rolls once per captive, 0 transfers it to the invader; the
 * player's very last planet taken transfers every captive.
 */
export function rescueOnInvasion(
  d: Draft,
  hex: HexKey,
  planet: string,
  invader: Seat,
  from: Seat,
): void {
  const captives = d.s.players[from]?.captives ?? [];
  if (captives.length === 0) return;
  const last = planetsOf(d.s, from).length === 0;
  for (const c of captives) {
    if (!last) {
      const r = d10(
        d,
        `rescue: is ${leaderName(c.leaderId)} held on ${planet}? (0 found)`,
        invader,
      );
      if (r !== RULE_CONSTANTS.leaderRescueOnInvasionRoll) continue;
    }
    transferCaptive(
      d,
      from,
      c.leaderId,
      invader,
      last ? `the captor's last planet, ${planet}, fell` : `found on ${planet}`,
      { hex, planet },
    );
  }
}

/**
 * OR-6.2 "always on a friendly planet with friendly Ground/Shock Forces or
 * aboard a ship": after anything else removed ships or troops (a gravity
 * rift, a card, a law), leaders left without them are killed — their ship
 * or planet was lost other than in a space battle or an invasion. A planet
 * under invasion is left to the invasion's end.
 */
export function enforceLeaderPlaces(d: Draft, before: GameState): void {
  if (!d.s.options.leaders) return;
  const invaded = invadedPlanet(d.s);
  // A state whose leaders were found in place still has them there when no unit, planet,
  // player or invasion changed since (most actions move nothing).
  const held = settledOf(before)?.leadersInPlace === true && invaded === invadedPlanet(before);
  if (held && sameGround(d.s, before)) return;
  // After every action: read in place, nothing built unless a leader is killed.
  const players = d.s.players;
  // The draft knows which systems and planets it changed since `before`, its own start.
  const tracked = before === d.from;
  for (let owner = 0; owner < players.length; owner++) {
    const leaders = players[owner]?.leaders ?? [];
    // The same leaders as `before`'s, found in place there: only those whose ground changed.
    const known = held && leaders === before.players[owner]?.leaders;
    for (const l of leaders) {
      if (l.status !== 'active') continue;
      if (known && sameSpotSince(d, before, l, tracked)) continue;
      enforcePlace(d, owner, l, invaded);
    }
  }
}

function sameSpotSince(d: Draft, before: GameState, l: LeaderState, tracked: boolean): boolean {
  if (l.hex === undefined) return false;
  return (tracked ? d.sameSpot(l.hex, l.planet) : null) ?? sameSpot(d.s, before, l);
}

/** The units of `l`'s system and its planet's record are those of `before` (never edited in place). */
function sameSpot(now: Ground, before: Ground, l: LeaderState): boolean {
  return (
    l.hex !== undefined &&
    now.units[l.hex] === before.units[l.hex] &&
    (l.planet === undefined || now.planets[l.planet] === before.planets[l.planet])
  );
}

/** What leaders stand on: the parts of a state their places are checked against. */
export type Ground = Pick<GameState, 'units' | 'planets' | 'players' | 'phase'>;

/** `after`'s leaders stand where `checked`'s did, on the same units, planets and invasion. */
export function sameGround(after: Ground, checked: Ground): boolean {
  return (
    after.units === checked.units &&
    after.planets === checked.planets &&
    after.players === checked.players &&
    invadedPlanet(after) === invadedPlanet(checked)
  );
}

function invadedPlanet(s: Ground): string | undefined {
  return s.phase.name === 'individual-turns' ? s.phase.combat?.invasion?.planet : undefined;
}

function enforcePlace(d: Draft, owner: Seat, l: LeaderState, invaded: string | undefined): void {
  if (l.hex === undefined) return;
  if (l.planet !== undefined) {
    if (l.planet === invaded) return;
    const friendly = d.s.planets[l.planet]?.owner === owner;
    if (!friendly || troopsOn(d.s, owner, l.hex, l.planet) === 0)
      killLeader(d, owner, l, `no friendly Ground Forces were left on ${l.planet}`);
  } else if (l.ship === undefined || shipsOfType(d.s, owner, l.hex, l.ship) === 0) {
    killLeader(d, owner, l, 'its ship was destroyed');
  }
}
