import { describe, expect, it } from 'vitest';
import { MapError } from './errors.js';
import {
  disc,
  distance,
  hexCorners,
  hexKey,
  hexToPixel,
  neighbourAt,
  neighbours,
  oppositeSide,
  parseHexKey,
  ring,
  sideBetween,
  SIDES,
  spiralHexes,
} from './geometry.js';

const board = disc(4);

describe('OR-4.2 hex sides', () => {
  it('numbers side 1 as the side facing the top of the board, then clockwise', () => {
    const c = hexToPixel({ q: 0, r: 0 }, 10);
    const angles = SIDES.map((side) => {
      const n = hexToPixel(neighbourAt({ q: 0, r: 0 }, side), 10);
      // Clockwise angle from straight up, in screen coordinates (y down).
      return (Math.atan2(n.x - c.x, -(n.y - c.y)) * 180) / Math.PI;
    });
    expect(angles.map((a) => Math.round((a + 360) % 360))).toEqual([0, 60, 120, 180, 240, 300]);
  });

  it('opposite sides differ by 3 everywhere on the board', () => {
    for (const h of board) {
      for (const side of SIDES) {
        const n = neighbourAt(h, side);
        const back = sideBetween(n, h);
        expect(back).toBe(oppositeSide(side));
        expect(Math.abs((back ?? 0) - side)).toBe(3);
      }
    }
  });

  it('sideBetween inverts neighbourAt and is undefined for non-neighbours', () => {
    for (const side of SIDES)
      expect(sideBetween({ q: 2, r: -1 }, neighbourAt({ q: 2, r: -1 }, side))).toBe(side);
    expect(sideBetween({ q: 0, r: 0 }, { q: 0, r: 2 })).toBeUndefined();
    expect(sideBetween({ q: 0, r: 0 }, { q: 0, r: 0 })).toBeUndefined();
  });
});

describe('BG-4 board geometry', () => {
  it('ring k has 6k hexes, all at distance k, clockwise from the top', () => {
    expect(ring(0)).toEqual([{ q: 0, r: 0 }]);
    for (let k = 1; k <= 4; k++) {
      const hexes = ring(k);
      expect(hexes).toHaveLength(6 * k);
      expect(new Set(hexes.map(hexKey)).size).toBe(6 * k);
      for (const h of hexes) expect(distance(h, { q: 0, r: 0 })).toBe(k);
      expect(hexes[0]).toEqual({ q: 0, r: -k });
      expect(hexes[1]).toEqual({ q: 1, r: -k });
    }
  });

  it('the board disc is the same set as honeycomb spiral traversal (61 hexes)', () => {
    expect(board).toHaveLength(61);
    expect(new Set(board.map(hexKey))).toEqual(new Set(spiralHexes(4).map(hexKey)));
  });

  it('adjacency is symmetric and neighbours are at distance 1', () => {
    for (const h of board) {
      for (const n of neighbours(h)) {
        expect(distance(h, n)).toBe(1);
        expect(neighbours(n).map(hexKey)).toContain(hexKey(h));
      }
    }
  });

  it('distance is axial hex distance', () => {
    expect(distance({ q: 0, r: 0 }, { q: 3, r: -3 })).toBe(3);
    expect(distance({ q: -4, r: 4 }, { q: -1, r: 4 })).toBe(3);
    expect(distance({ q: -2, r: 4 }, { q: -3, r: 3 })).toBe(2);
  });

  it('hex keys round-trip and bad keys are typed errors', () => {
    for (const h of board) expect(parseHexKey(hexKey(h))).toEqual(h);
    expect(() => parseHexKey('1;2')).toThrow(MapError);
    try {
      parseHexKey('x');
    } catch (e) {
      expect((e as MapError).code).toBe('BAD_HEX_KEY');
    }
  });

  it('ring rejects a negative radius with a typed error', () => {
    expect(() => ring(-1)).toThrow(expect.objectContaining({ code: 'BAD_RING' }));
  });

  it('pixel helpers: flat-top corners lie on the circumradius, neighbours sqrt(3)*size apart', () => {
    const corners = hexCorners({ q: 1, r: 1 }, 20);
    const c = hexToPixel({ q: 1, r: 1 }, 20);
    expect(corners).toHaveLength(6);
    for (const p of corners) expect(Math.hypot(p.x - c.x, p.y - c.y)).toBeCloseTo(20);
    // Flat top: the first two corners share the top edge's y.
    expect(corners[0]?.y).toBeCloseTo(corners[5]?.y ?? NaN);
    const n = hexToPixel(neighbourAt({ q: 1, r: 1 }, 1), 20);
    expect(Math.hypot(n.x - c.x, n.y - c.y)).toBeCloseTo(20 * Math.sqrt(3));
  });
});
