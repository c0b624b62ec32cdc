import { describe, expect, it } from 'vitest';
import { RULE_CONSTANTS } from './constants.js';
import {
  CARGO_TYPES,
  GROUND_TYPES,
  MINOR_RACE_CASUALTY_ORDER,
  PURCHASABLE_TYPES,
  SHIP_TYPES,
  UNITS,
  UNIT_TYPES,
  isUnitType,
} from './units.js';

describe('BG-3 units', () => {
  it('has the spec table values for every purchasable unit', () => {
    const table = Object.fromEntries(
      UNIT_TYPES.map((t) => [t, [UNITS[t].cost, UNITS[t].combat, UNITS[t].move]]),
    );
    expect(table).toEqual({
      dreadnought: [10, 4, 1],
      carrier: [10, 9, 1],
      cruiser: [6, 8, 2],
      fighter: [4, 9, 0],
      'ground-force': [4, 8, 0],
      'shock-force': [null, 5, 0],
      pds: [10, 7, 0],
      spacedock: [15, null, 0],
    });
  });

  it('keys every definition by its own type', () => {
    for (const t of UNIT_TYPES) expect(UNITS[t].type).toBe(t);
  });

  it('lists ships, ground units and cargo exactly as the flags say', () => {
    expect([...SHIP_TYPES]).toEqual(UNIT_TYPES.filter((t) => UNITS[t].ship));
    expect([...GROUND_TYPES]).toEqual(UNIT_TYPES.filter((t) => UNITS[t].ground));
    expect([...CARGO_TYPES]).toEqual(UNIT_TYPES.filter((t) => UNITS[t].cargo));
  });

  it('gives only the Carrier capacity, 5 in any mix', () => {
    expect(UNITS.carrier.capacity).toBe(RULE_CONSTANTS.carrierCapacity);
    expect(RULE_CONSTANTS.carrierCapacity).toBe(5);
    expect(UNIT_TYPES.filter((t) => UNITS[t].capacity > 0)).toEqual(['carrier']);
  });

  it('moves only Dreadnoughts, Carriers and Cruisers on their own', () => {
    expect(UNIT_TYPES.filter((t) => UNITS[t].move > 0)).toEqual([
      'dreadnought',
      'carrier',
      'cruiser',
    ]);
  });

  it('keeps every combat value a d10 face', () => {
    for (const t of UNIT_TYPES) {
      const c = UNITS[t].combat;
      if (c !== null) expect(c >= 1 && c <= RULE_CONSTANTS.dieSides).toBe(true);
    }
  });

  it('tags every value from the lost TI1 sheet as provisional with a source', () => {
    for (const t of UNIT_TYPES) {
      expect(UNITS[t].source.length).toBeGreaterThan(0);
      if (t !== 'shock-force') expect(UNITS[t].provisional).toBe(true);
    }
  });

  it('recognises unit type names and rejects others', () => {
    expect(isUnitType('pds')).toBe(true);
    expect(isUnitType('war-sun')).toBe(false);
  });
});

describe('OR-6.1 shock forces', () => {
  it('hits on 5, is limited to 3 per player and cannot be bought', () => {
    expect(UNITS['shock-force'].combat).toBe(5);
    expect(UNITS['shock-force'].limit).toBe(3);
    expect(RULE_CONSTANTS.shockForceLimitPerPlayer).toBe(3);
    expect(UNITS['shock-force'].cost).toBeNull();
    expect(PURCHASABLE_TYPES).not.toContain('shock-force');
  });

  it('acts like a Ground Force: holds planets, rides Carriers', () => {
    expect(UNITS['shock-force'].ground).toBe(true);
    expect(UNITS['shock-force'].cargo).toBe(true);
    expect(UNITS['shock-force'].ship).toBe(false);
  });

  it('limits only Shock Forces and Spacedocks; other units are unlimited (BG-3)', () => {
    expect(UNIT_TYPES.filter((t) => UNITS[t].limit !== null)).toEqual(['shock-force', 'spacedock']);
  });
});

describe('OR-2.2 minor-race casualties', () => {
  it('lose Fighters, then Carriers, then Cruisers, then Dreadnoughts', () => {
    expect(MINOR_RACE_CASUALTY_ORDER).toEqual(['fighter', 'cruiser', 'carrier', 'dreadnought']);
    for (const t of MINOR_RACE_CASUALTY_ORDER) expect(UNITS[t].ship).toBe(true);
  });
});
