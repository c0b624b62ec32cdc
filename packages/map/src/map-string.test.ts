import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildGalaxy, buildGalaxyTrace } from './build-galaxy.js';
import { initialGalaxy } from './galaxy.js';
import { fromMapString, toMapString, type MapStringErrorCode } from './map-string.js';
import type { Variant } from './types.js';

const VARIANTS: readonly Variant[] = ['standard', 'long-parsecs'];

const CODES: readonly MapStringErrorCode[] = [
  'MAP_STRING_NOT_TEXT',
  'MAP_STRING_VERSION',
  'MAP_STRING_HEADER',
  'MAP_STRING_LENGTH',
  'MAP_STRING_TOKEN',
  'MAP_STRING_UNKNOWN_TILE',
  'MAP_STRING_INVALID_GALAXY',
];

const errorOf = (s: unknown): { code: string; message: string; token?: number } => {
  const r = fromMapString(s);
  if (r.ok) throw new Error('expected the import to fail');
  return r.error;
};

describe('BG-4 map string', () => {
  for (let players = 2; players <= 8; players++) {
    for (const variant of VARIANTS) {
      it(`round-trips a built ${players}-player ${variant} galaxy, minor races included`, () => {
        const g = buildGalaxy({ players, variant, seed: players * 31 });
        const s = toMapString(g);
        expect(s.startsWith(`OR1 ${players}${variant === 'standard' ? 's' : 'l'} 0 `)).toBe(true);
        const back = fromMapString(s);
        expect(back).toEqual({ ok: true, galaxy: g });
      });
    }
  }

  it('round-trips galaxies under construction and rotations', () => {
    const start = initialGalaxy(3, 'standard', ['sol', 'naalu', 'l1z1x']);
    expect(fromMapString(toMapString(start))).toEqual({ ok: true, galaxy: start });
    const { built } = buildGalaxyTrace({ players: 5, seed: 11 });
    const turned = {
      ...built,
      tiles: { ...built.tiles, '0,-1': { tileId: built.tiles['0,-1']?.tileId ?? '', rotation: 3 } },
    };
    const s = toMapString(turned);
    expect(s.split(' ')[3]).toMatch(/^\d+r3$/);
    expect(fromMapString(s)).toEqual({ ok: true, galaxy: turned });
  });

  it('is compact: one short token per hex', () => {
    expect(toMapString(buildGalaxy({ players: 8, seed: 1 })).length).toBeLessThan(200);
  });

  it('names what is wrong with a bad string', () => {
    const good = toMapString(buildGalaxy({ players: 6, seed: 5 }));
    const tokens = good.split(' ');
    expect(errorOf(42).code).toBe('MAP_STRING_NOT_TEXT');
    expect(errorOf('').code).toBe('MAP_STRING_VERSION');
    expect(errorOf(good.replace('OR1', 'OR2')).code).toBe('MAP_STRING_VERSION');
    expect(errorOf(good.replace('OR1 6s', 'OR1 9s')).code).toBe('MAP_STRING_HEADER');
    expect(errorOf(good.replace('OR1 6s', 'OR1 6x')).code).toBe('MAP_STRING_HEADER');
    expect(errorOf(tokens.slice(0, -1).join(' ')).code).toBe('MAP_STRING_LENGTH');
    const badToken = [...tokens];
    badToken[10] = 'abc';
    expect(errorOf(badToken.join(' '))).toMatchObject({ code: 'MAP_STRING_TOKEN', token: 8 });
    const unknown = [...tokens];
    unknown[12] = '99';
    expect(errorOf(unknown.join(' '))).toMatchObject({
      code: 'MAP_STRING_UNKNOWN_TILE',
      token: 10,
    });
    const duplicate = [...tokens];
    duplicate[3] = duplicate[4] ?? '';
    const dup = errorOf(duplicate.join(' '));
    expect(dup.code).toBe('MAP_STRING_INVALID_GALAXY');
    expect(dup.message).toContain('DUPLICATE_TILE');
    const noMecatol = [...tokens];
    noMecatol[2] = '.';
    expect(errorOf(noMecatol.join(' ')).message).toContain('MECATOL_MISSING');
  });

  it('accepts surrounding and repeated whitespace', () => {
    const g = buildGalaxy({ players: 4, seed: 9 });
    expect(fromMapString(`  ${toMapString(g).replaceAll(' ', '   ')}\n`)).toEqual({
      ok: true,
      galaxy: g,
    });
  });

  it('never throws on an edited string: it imports a valid galaxy or names a listed error', () => {
    const token = fc.oneof(
      fc.constant('.'),
      fc.nat(80).map(String),
      fc
        .tuple(fc.nat(80), fc.integer({ min: 0, max: 6 }), fc.boolean())
        .map(([code, r, m]) => `${code}r${r}${m ? 'm' : ''}`),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.nat(10_000),
        fc.array(fc.tuple(fc.nat(62), token), { minLength: 1, maxLength: 6 }),
        (players, seed, edits) => {
          const tokens = toMapString(buildGalaxy({ players, seed })).split(' ');
          for (const [i, t] of edits) tokens[i] = t;
          const text = tokens.join(' ');
          const r = fromMapString(text);
          if (r.ok) {
            // Whatever it accepted, it exports again to the same import.
            expect(fromMapString(toMapString(r.galaxy))).toEqual(r);
          } else {
            expect(CODES).toContain(r.error.code);
            expect(r.error.message.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
