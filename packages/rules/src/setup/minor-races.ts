import {
  gaps,
  hexKey,
  minorRaceForces,
  placeMinorRace,
  resolveMinorRoll,
  unusedRaces,
} from '@outer-rim/map';
import type { Hex } from '@outer-rim/map';
import type { Draft } from '../state/draft.js';
import type { MinorOwner } from '../state/types.js';

/** A roll that keeps naming nothing eligible must not loop forever. */
const MAX_ROLLS_PER_GAP = 500;

/**
 * OR-2.2: for each gap, in a seeded order, roll d100 on the Random Planet
 * Chart (rerolling results that are not eligible), move that system into
 * the gap and put the home system of a random unused race in the hole. Each
 * roll and pick is reported as an event.
 */
export function fillMinorRaces(d: Draft): void {
  const open = d.rng().shuffle(gaps(d.s.galaxy));
  for (const gap of open) {
    let systemHex: Hex | null = null;
    for (let tries = 0; tries < MAX_ROLLS_PER_GAP && systemHex === null; tries++) {
      const [roll = 1] = d.roll('random planet chart', 100, 1);
      const r = resolveMinorRoll(d.s.galaxy, roll);
      if (r.kind === 'system') systemHex = r.hex;
      else if (r.kind === 'pool') {
        const [pick = 1] = d.roll('random planet chart: pool system', r.candidates.length, 1);
        systemHex = r.candidates[pick - 1] ?? null;
      }
    }
    const races = unusedRaces(d.s.galaxy);
    if (systemHex === null || races.length === 0) continue;
    const [pick = 1] = d.roll('minor race', races.length, 1);
    const race = races[pick - 1];
    if (race === undefined) continue;
    const movedTile = d.s.galaxy.tiles[hexKey(systemHex)]?.tileId ?? '';
    d.s.galaxy = placeMinorRace(d.s.galaxy, gap, systemHex, race);
    d.emit({
      type: 'minor-race-placed',
      race,
      gap: { q: gap.q, r: gap.r },
      movedTile,
      from: { q: systemHex.q, r: systemHex.r },
    });
  }
}

/** OR-2.2 garrison of every minor race, and its planets under its control. */
export function garrisonMinorRaces(d: Draft): void {
  const minors = [];
  for (const f of minorRaceForces(d.s.galaxy)) {
    const owner: MinorOwner = `minor:${f.race}`;
    const key = hexKey(f.hex);
    minors.push({ race: f.race, hex: key });
    for (const { planet, groundForces } of f.planets) {
      d.setPlanetOwner(planet, owner);
      d.addUnits(key, planet, owner, 'ground-force', groundForces);
    }
    for (const [unit, count] of Object.entries(f.space) as [keyof typeof f.space, number][]) {
      d.addUnits(key, null, owner, unit, count);
    }
  }
  d.s.minorRaces = minors;
}
