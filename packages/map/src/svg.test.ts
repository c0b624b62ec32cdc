import { describe, expect, it } from 'vitest';
import { buildGalaxy } from './build-galaxy.js';
import { raceName, tileById } from './catalogue.js';
import { hexKey } from './geometry.js';
import { galaxyToSvg } from './svg.js';
import { buildGalaxyTrace } from './build-galaxy.js';

describe('BG-4 galaxy picture', () => {
  it('draws every board hex with names, seats, minor races and anomalies', () => {
    const g = buildGalaxy({ players: 4, seed: 17 });
    const svg = galaxyToSvg(g);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg.match(/<polygon /g)).toHaveLength(61);
    expect(svg).toContain('Mecatol Rex 1/6');
    g.homes.forEach((h, seat) => {
      const race = tileById(g.tiles[hexKey(h)]?.tileId ?? '')?.race;
      expect(svg).toContain(`Seat ${seat}`);
      expect(svg).toContain(raceName(race ?? 'sol').replaceAll("'", '&#39;'));
    });
    expect(svg.match(/Minor race/g)).toHaveLength(3);
    expect(svg).toContain('Gravity Rift');
    expect(svg).toContain('Nebula');
    // OR-4.2: the six side numbers are printed inside the rift.
    expect(svg.match(/class="side"/g)).toHaveLength(6);
  });

  it('escapes names for XML and marks open gaps', () => {
    const { built } = buildGalaxyTrace({ players: 6, seed: 2 });
    const svg = galaxyToSvg(built);
    expect(svg).toContain('Tar&#39;Mann');
    expect(svg).not.toContain("Tar'Mann");
    expect(svg.match(/stroke-dasharray/g)).toHaveLength(1);
    expect(svg).toContain('>gap<');
  });

  it('labels the 7-player Tight and Squeezed seats', () => {
    const svg = galaxyToSvg(buildGalaxy({ players: 7, seed: 1 }));
    expect(svg).toContain('Seat 4 (Tight)');
    expect(svg.match(/\(Squeezed\)/g)).toHaveLength(2);
  });
});
