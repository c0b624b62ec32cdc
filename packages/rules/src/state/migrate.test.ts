import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { legalActions } from '../legal-actions.js';
import { advanceTo, deepFreeze, mustApply, newGame } from '../testing/fixtures.js';
import { StateMigrationError, migrateState } from './migrate.js';
import { SCHEMA_VERSION } from './types.js';

describe('stored state migration (schemaVersion)', () => {
  it('is at version 5, and a current state comes back as it is', () => {
    const s = newGame(3);
    expect(SCHEMA_VERSION).toBe(5);
    expect(s.schemaVersion).toBe(5);
    expect(migrateState(s)).toBe(s);
  });

  it('brings a v1 state (a turn without segment state) up to the current version without writing to it, and the game goes on', () => {
    const current = advanceTo(newGame(3, {}, 'migrate'), 'individual-turns');
    const { neverAsk: _n, cardEffects: _c, tradeAgreements: _t, window: _w, ...v2shape } = current;
    const v1 = deepFreeze(JSON.parse(JSON.stringify({ ...v2shape, schemaVersion: 1 })) as unknown);
    const migrated = migrateState(v1);
    expect(migrated.schemaVersion).toBe(SCHEMA_VERSION);
    expect(migrated.neverAsk).toEqual([]);
    expect(migrated.cardEffects).toEqual([]);
    expect(migrated.tradeAgreements).toEqual([]);
    const { neverAsk: _n2, cardEffects: _c2, tradeAgreements: _t2, ...rest } = migrated;
    expect({ ...rest, schemaVersion: 1 }).toEqual(v1);
    if (migrated.phase.name !== 'individual-turns') throw new Error('not in turns');
    const seat = migrated.phase.active;
    const movement = mustApply(migrated, seat, { type: 'end-segment' });
    const move = legalActions(movement, seat).find((a) => a.type === 'move');
    expect(move).toBeDefined();
    expect(apply(movement, seat, move).ok).toBe(true);
  });

  it('BG-9 brings a v2 state up to the current version with no window, no card in force, everybody asked, no trade agreement', () => {
    const current = advanceTo(newGame(3, {}, 'migrate'), 'purchase-units');
    const { neverAsk: _n, cardEffects: _c, tradeAgreements: _t, window: _w, ...v2shape } = current;
    const v2 = deepFreeze(JSON.parse(JSON.stringify({ ...v2shape, schemaVersion: 2 })) as unknown);
    const migrated = migrateState(v2);
    expect(migrated).toEqual({
      ...v2shape,
      schemaVersion: SCHEMA_VERSION,
      neverAsk: [],
      cardEffects: [],
      tradeAgreements: [],
    });
    const seat = migrated.phase.name === 'purchase-units' ? 0 : -1;
    expect(apply(migrated, seat, { type: 'end-purchase' }).ok).toBe(true);
  });

  it('refuses unknown versions and things that are no game state with a typed error', () => {
    const s = newGame(2);
    const codeOf = (x: unknown): string | undefined => {
      try {
        migrateState(x);
        return undefined;
      } catch (e) {
        return e instanceof StateMigrationError ? e.code : 'untyped';
      }
    };
    expect(codeOf({ ...s, schemaVersion: 99 })).toBe('UNSUPPORTED_SCHEMA_VERSION');
    expect(codeOf({ ...s, schemaVersion: undefined })).toBe('UNSUPPORTED_SCHEMA_VERSION');
    expect(codeOf({ ...s, schemaVersion: '2' })).toBe('UNSUPPORTED_SCHEMA_VERSION');
    expect(codeOf(null)).toBe('NOT_A_GAME_STATE');
    expect(codeOf('state')).toBe('NOT_A_GAME_STATE');
    expect(codeOf({ schemaVersion: 1 })).toBe('NOT_A_GAME_STATE');
  });
});
