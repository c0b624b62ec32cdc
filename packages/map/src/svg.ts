/**
 * A picture of a galaxy as one SVG document (a string; the CLI writes it).
 * Flat-top hexes as in geometry.ts, every board hex drawn: tiles with their
 * names, anomalies coloured, seats and minor races labelled, gaps dashed,
 * and the side numbers 1-6 printed inside the Gravity Rift (OR-4.2).
 */
import { boardHexes } from './board.js';
import { raceName, tileById } from './catalogue.js';
import { hexCorners, hexKey, hexToPixel, neighbourAt, sameHex, SIDES } from './geometry.js';
import { layout } from './layouts.js';
import type { Galaxy, Hex, TileDef } from './types.js';

const SIZE = 56;
const MARGIN = 16;

const FILL = {
  mecatol: '#c9a227',
  home: '#2e6bd1',
  minor: '#8e44ad',
  planets: '#2f7d4f',
  empty: '#1e2838',
  supernova: '#d9481c',
  'asteroid-field': '#7a5c33',
  nebula: '#6c5ca8',
  'gravity-rift': '#0b0b12',
  gap: 'none',
} as const;

const escapeXml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

const fmt = (n: number): string => (Math.round(n * 10) / 10).toString();

function fillOf(tile: TileDef | undefined, isMinor: boolean): string {
  if (!tile) return FILL.gap;
  if (tile.kind === 'mecatol') return FILL.mecatol;
  if (tile.kind === 'home') return isMinor ? FILL.minor : FILL.home;
  if (tile.anomaly) return FILL[tile.anomaly];
  return tile.planets.length > 0 ? FILL.planets : FILL.empty;
}

function labelLines(galaxy: Galaxy, hex: Hex, tile: TileDef | undefined): string[] {
  if (!tile) return ['gap'];
  const planets = tile.planets.map((pl) => `${pl.name} ${pl.resources}/${pl.influence}`);
  const wormhole =
    tile.wormhole === 'alpha' ? ['α wormhole'] : tile.wormhole === 'beta' ? ['β wormhole'] : [];
  if (tile.kind === 'home' && tile.race) {
    const seat = galaxy.homes.findIndex((h) => sameHex(h, hex));
    const who = seat >= 0 ? `Seat ${seat}` : 'Minor race';
    const extra = seat >= 0 ? layout(galaxy.players, galaxy.variant).seatNames[seat] : undefined;
    return [who + (extra ? ` (${extra})` : ''), raceName(tile.race), ...planets];
  }
  if (tile.planets.length === 0) return [tile.name, ...wormhole];
  return [...planets, ...wormhole];
}

function drawHex(galaxy: Galaxy, hex: Hex): string {
  const placed = galaxy.tiles[hexKey(hex)];
  const tile = placed ? tileById(placed.tileId) : undefined;
  const isMinor = galaxy.minorRaces.some((m) => sameHex(m, hex));
  const points = hexCorners(hex, SIZE)
    .map((c) => `${fmt(c.x)},${fmt(c.y)}`)
    .join(' ');
  const stroke = tile ? '#0a0f18' : '#8899aa';
  const dash = tile ? '' : ' stroke-dasharray="6 4"';
  const centre = hexToPixel(hex, SIZE);
  const lines = labelLines(galaxy, hex, tile);
  const lineHeight = 10;
  const top = centre.y - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${fmt(centre.x)}" y="${fmt(top + i * lineHeight)}">${escapeXml(line)}</text>`,
    )
    .join('');
  const rift =
    tile?.anomaly === 'gravity-rift'
      ? SIDES.map((side) => {
          const towards = hexToPixel(neighbourAt(hex, side), SIZE);
          const x = centre.x + (towards.x - centre.x) * 0.36;
          const y = centre.y + (towards.y - centre.y) * 0.36;
          return `<text class="side" x="${fmt(x)}" y="${fmt(y)}">${side}</text>`;
        }).join('')
      : '';
  const key = hexKey(hex);
  return (
    `<g data-hex="${key}"${tile ? ` data-tile="${escapeXml(tile.id)}"` : ''}>` +
    `<polygon points="${points}" fill="${fillOf(tile, isMinor)}" stroke="${stroke}" stroke-width="2"${dash}/>` +
    `${text}${rift}</g>`
  );
}

/** The galaxy as a standalone SVG document. */
export function galaxyToSvg(galaxy: Galaxy): string {
  const hexes = boardHexes(galaxy);
  const corners = hexes.flatMap((h) => hexCorners(h, SIZE));
  const minX = Math.min(...corners.map((c) => c.x)) - MARGIN;
  const minY = Math.min(...corners.map((c) => c.y)) - MARGIN;
  const width = Math.max(...corners.map((c) => c.x)) - minX + MARGIN;
  const height = Math.max(...corners.map((c) => c.y)) - minY + MARGIN;
  const title = `Outer Rim galaxy: ${galaxy.players} players, ${galaxy.variant}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${fmt(minX)} ${fmt(minY)} ${fmt(width)} ${fmt(height)}" width="${fmt(width)}" height="${fmt(height)}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    '<style>text{font:8px sans-serif;fill:#fff;text-anchor:middle;dominant-baseline:middle}.side{font-size:9px;fill:#f5c542}</style>',
    `<rect x="${fmt(minX)}" y="${fmt(minY)}" width="${fmt(width)}" height="${fmt(height)}" fill="#0d1320"/>`,
    ...hexes.map((h) => drawHex(galaxy, h)),
    '</svg>',
  ].join('\n');
}
