import { HEX_SIZE } from './board-model';
import { TILES } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import {
  DISC,
  fitText,
  halfWidthAt,
  lineWidth,
  PLANET_FONT,
  planetLayout,
  planetRows,
  spaceRow,
  SYMBOL,
  textWidth,
  unitRowWidth,
} from './hex-layout';

describe('hex layout: names and fleet labels stay inside their hex', () => {
  it('knows the flat-topped hex: full width at the centre, one side long at the top', () => {
    expect(halfWidthAt(0)).toBe(HEX_SIZE);
    expect(halfWidthAt((HEX_SIZE * Math.sqrt(3)) / 2)).toBeCloseTo(HEX_SIZE / 2);
    expect(lineWidth(-60, 20)).toBeLessThan(lineWidth(0, 20));
  });

  it('shortens a long name with an ellipsis and leaves a short one alone', () => {
    expect(fitText('Ann', 19, 120)).toEqual({ text: 'Ann', shortened: false });
    const long = fitText('Bartholomew of the Outer Rim Fleet', 19, 120);
    expect(long.shortened).toBe(true);
    expect(long.text.endsWith('…')).toBe(true);
    expect(textWidth(long.text, 19)).toBeLessThanOrEqual(120);
  });

  it('every planet of every tile, with a garrison, fits its line at full size or shrunk, never wider', () => {
    const garrison = [{ units: { 'ground-force': 3, spacedock: 1, pds: 2 } }];
    let checked = 0;
    for (const tile of TILES) {
      const planets = tile.planets;
      const rows = planetRows(
        planets.map(() => ({ stacks: garrison })),
        2,
      );
      planets.forEach((planet, i) => {
        const row = rows[i];
        if (row === undefined) throw new Error('a planet without a line');
        const available = lineWidth(row.name, PLANET_FONT + 2);
        const layout = planetLayout(
          { ...planet, stacks: garrison },
          available,
          row.units === undefined,
        );
        expect(layout.width * layout.scale).toBeLessThanOrEqual(available + 0.01);
        // A name is shortened before the line shrinks, and never below a readable size.
        expect(layout.scale).toBeGreaterThan(0.6);
        expect(layout.name.length).toBeGreaterThanOrEqual(Math.min(planet.name.length, 5));
        checked++;
      });
      // The lines stay between the title and the ships, inside the hex.
      for (const row of rows) {
        expect(row.name).toBeGreaterThanOrEqual(-44);
        expect(row.units ?? row.name).toBeLessThan(spaceRow(1) - SYMBOL / 2);
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('gives a planet’s units their own line when there is room, and counts their width', () => {
    const two = planetRows([{ stacks: [1] }, { stacks: [1] }], 1);
    expect(two.every((r) => r.units !== undefined)).toBe(true);
    const crowded = planetRows([{ stacks: [1] }, { stacks: [1] }, { stacks: [1] }], 2);
    expect(crowded.every((r) => r.units === undefined)).toBe(true);
    expect(unitRowWidth({})).toBe(0);
    expect(unitRowWidth({ cruiser: 2, fighter: 10 })).toBeGreaterThan(2 * SYMBOL);
    expect(DISC).toBeGreaterThan(0);
  });
});
