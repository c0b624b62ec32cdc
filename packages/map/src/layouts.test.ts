import { describe, expect, it } from 'vitest';
import { boardHexes, ringOf } from './board.js';
import { SYSTEM_TILES } from './catalogue.js';
import { distance, hexKey, hexToPixel } from './geometry.js';
import { layout } from './layouts.js';
import type { Variant } from './types.js';

const VARIANTS: readonly Variant[] = ['standard', 'long-parsecs'];
const COUNTS = [2, 3, 4, 5, 6, 7, 8];

/** Clockwise angle from straight up, 0..360, on screen (y down). */
const angle = (q: number, r: number): number => {
  const p = hexToPixel({ q, r }, 1);
  return ((Math.atan2(p.x, -p.y) * 180) / Math.PI + 360) % 360;
};

const minRivalDistance = (homes: readonly { q: number; r: number }[], i: number): number =>
  Math.min(...homes.filter((_, j) => j !== i).map((h) => distance(h, homes[i] ?? h)));

describe('BG-4 home positions', () => {
  for (const players of COUNTS) {
    for (const variant of VARIANTS) {
      it(`${players} players, ${variant}: one distinct board hex per seat, clockwise from the top`, () => {
        const { homes } = layout(players, variant);
        expect(homes).toHaveLength(players);
        expect(new Set(homes.map(hexKey)).size).toBe(players);
        const onBoard = new Set(boardHexes().map(hexKey));
        for (const h of homes) expect(onBoard.has(hexKey(h))).toBe(true);
        const angles = homes.map((h) => angle(h.q, h.r));
        expect([...angles].sort((a, b) => a - b)).toEqual(angles);
      });
    }
  }

  it('2-6 players standard: every home at distance 3 from Mecatol Rex, rivals at least 3 apart', () => {
    for (const players of [2, 3, 4, 5, 6]) {
      const { homes } = layout(players, 'standard');
      homes.forEach((h, i) => {
        expect(distance(h, { q: 0, r: 0 })).toBe(3);
        expect(minRivalDistance(homes, i)).toBeGreaterThanOrEqual(3);
      });
    }
  });

  it('rejects a bad player count or variant with a typed error', () => {
    expect(() => layout(9, 'standard')).toThrow(
      expect.objectContaining({ code: 'BAD_PLAYER_COUNT' }),
    );
    expect(() => layout(1, 'standard')).toThrow(
      expect.objectContaining({ code: 'BAD_PLAYER_COUNT' }),
    );
    expect(() => layout(4, 'wide' as Variant)).toThrow(
      expect.objectContaining({ code: 'BAD_VARIANT' }),
    );
  });
});

describe('OR-2.3 Long Parsecs', () => {
  it('homes sit in the Outer Rim at the same angles, ring 3 is all neutral', () => {
    for (const players of [2, 3, 4, 5, 6, 8]) {
      const std = layout(players, 'standard').homes;
      const lp = layout(players, 'long-parsecs').homes;
      lp.forEach((h, i) => {
        expect(ringOf(hexKey(h))).toBe(4);
        const s = std[i];
        expect(s && angle(s.q, s.r)).toBeCloseTo(angle(h.q, h.r));
      });
    }
    for (const players of COUNTS) {
      for (const h of layout(players, 'long-parsecs').homes) expect(ringOf(hexKey(h))).toBe(4);
    }
  });
});

describe('OR-3 seven and eight players', () => {
  it('7 players: one Tight seat (+35) two from both neighbours, flanked by two Squeezed (+25)', () => {
    for (const variant of VARIANTS) {
      const { homes, compensation, seatNames } = layout(7, variant);
      expect(compensation).toEqual([0, 0, 0, 25, 35, 25, 0]);
      expect(seatNames).toEqual([
        undefined,
        undefined,
        undefined,
        'Squeezed',
        'Tight',
        'Squeezed',
        undefined,
      ]);
      const tight = homes[4] ?? { q: 0, r: 0 };
      expect(distance(tight, homes[3] ?? tight)).toBe(2);
      expect(distance(tight, homes[5] ?? tight)).toBe(2);
      homes.forEach((_, i) => {
        const expected = i >= 3 && i <= 5 ? 2 : variant === 'standard' ? 3 : 4;
        expect(minRivalDistance(homes, i)).toBe(expected);
      });
    }
  });

  it('8 players: every third Outer Rim hex, each rival exactly 3 away, no compensation', () => {
    for (const variant of VARIANTS) {
      const { homes, compensation } = layout(8, variant);
      homes.forEach((h, i) => {
        expect(ringOf(hexKey(h))).toBe(4);
        expect(minRivalDistance(homes, i)).toBe(3);
      });
      expect(compensation.every((c) => c === 0)).toBe(true);
    }
  });

  it('no compensation for 2-6 players', () => {
    for (const players of [2, 3, 4, 5, 6]) {
      expect(layout(players, 'standard').compensation.every((c) => c === 0)).toBe(true);
    }
  });
});

describe('OR-2.1 gaps', () => {
  const table: Record<number, number> = { 2: 5, 3: 4, 4: 3, 5: 2, 6: 1, 7: 0, 8: 0 };
  for (const players of COUNTS) {
    for (const variant of VARIANTS) {
      it(`${players} players, ${variant}: ${table[players] ?? '?'} gaps follow from the 53-tile stock`, () => {
        const { gapCount, homes } = layout(players, variant);
        expect(gapCount).toBe(table[players]);
        const stock = players === 8 ? SYSTEM_TILES.length - 1 : SYSTEM_TILES.length;
        const neutralHexes = boardHexes().length - 1 - homes.length;
        expect(neutralHexes - stock).toBe(gapCount);
      });
    }
  }
});
