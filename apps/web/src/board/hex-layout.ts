import { UNIT_TYPES, type UnitCounts } from '@outer-rim/rules';
import { HEX_SIZE } from './board-model';

/**
 * Where text and symbols go inside a flat-topped hex of circumradius
 * HEX_SIZE, so that nothing spills into a neighbour: widths are estimated
 * from the font size (no DOM to measure in a pure layout), conservatively,
 * and the e2e test checks the real boxes in Chromium.
 */

/** Half the hex's width at height y from its centre (flat top: full width at y = 0). */
export function halfWidthAt(y: number): number {
  const h = (HEX_SIZE * Math.sqrt(3)) / 2;
  const a = Math.min(Math.abs(y), h);
  return HEX_SIZE - a / Math.sqrt(3);
}

/** Usable width of a line of the given height centred at y, with a small margin. */
export function lineWidth(y: number, height: number): number {
  const worst = Math.abs(y) + height / 2;
  return 2 * halfWidthAt(worst) - 14;
}

/** A generous average glyph width of the board's sans-serif, bold included, per unit of font size. */
export const GLYPH_WIDTH = 0.66;

/** The same for regular (not bold) text, like the anomalies' italic names. */
export const GLYPH_WIDTH_REGULAR = 0.58;

export function textWidth(text: string, fontSize: number, glyph = GLYPH_WIDTH): number {
  return text.length * fontSize * glyph;
}

/** The text, shortened with an ellipsis to fit `width`; `full` is what the hover title shows. */
export function fitText(
  text: string,
  fontSize: number,
  width: number,
  glyph = GLYPH_WIDTH,
): { text: string; shortened: boolean } {
  if (textWidth(text, fontSize, glyph) <= width) return { text, shortened: false };
  const keep = Math.max(1, Math.floor(width / (fontSize * glyph)) - 1);
  return { text: `${text.slice(0, keep).trimEnd()}…`, shortened: true };
}

/** Units in the order the board lists them: the content's order, ships biggest first, then what lands and what stands. */
export const UNIT_ORDER = UNIT_TYPES;

export type ShownUnit = (typeof UNIT_ORDER)[number];

/** Size of a unit symbol and of the count beside it, in board units. */
export const SYMBOL = 18;
export const COUNT_FONT = 17;
const GAP = 4;

export function unitEntries(units: UnitCounts): [ShownUnit, number][] {
  return UNIT_ORDER.filter((kind) => (units[kind] ?? 0) > 0).map((kind) => [
    kind,
    units[kind] ?? 0,
  ]);
}

/** Width of a row of symbols with counts ("▲2 ■1"), before any scaling. */
export function unitRowWidth(units: UnitCounts): number {
  const entries = unitEntries(units);
  return entries.reduce(
    (sum, [, n]) => sum + SYMBOL + 2 + textWidth(String(n), COUNT_FONT) + GAP,
    entries.length > 0 ? -GAP : 0,
  );
}

/** Scale that makes a row of `natural` width fit `available`, never enlarging. */
export function fitScale(natural: number, available: number): number {
  if (natural <= 0) return 1;
  return Math.min(1, available / natural);
}

/** Space rows from the bottom up: the first owner lowest. */
export function spaceRow(index: number): number {
  return 55 - index * 22;
}

export interface PlanetRows {
  /** Height of the planet's name line. */
  readonly name: number;
  /** Height of the line of its units, when they get a line of their own (else they follow the name). */
  readonly units?: number;
}

const ROW = 21;
const FIRST_ROW = -42;

/**
 * Where each planet's lines go, between the title and the ships in space:
 * a planet's units get a line of their own under its name when there is
 * room (home systems with two planets), else they follow the name.
 */
export function planetRows(
  planets: readonly { readonly stacks: readonly unknown[] }[],
  spaceOwners: number,
): PlanetRows[] {
  if (planets.length === 0) return [];
  const bottom = spaceOwners > 0 ? spaceRow(spaceOwners - 1) - ROW : 62;
  const separate = planets.reduce((n, p) => n + 1 + (p.stacks.length > 0 ? 1 : 0), 0);
  const own = (separate - 1) * ROW <= bottom - FIRST_ROW;
  const lines = own ? separate : planets.length;
  const step = lines > 1 ? Math.min(ROW + 3, (bottom - FIRST_ROW) / (lines - 1)) : 0;
  const span = (lines - 1) * step;
  let y = Math.max(FIRST_ROW, Math.min((FIRST_ROW + bottom) / 2 - span / 2, -22));
  return planets.map((planet) => {
    const name = y;
    y += step;
    if (!own || planet.stacks.length === 0) return { name };
    const units = y - 2;
    y += step;
    return { name, units };
  });
}

export const TITLE_Y = -62;
/** An anomaly's name, lower and smaller than a race's: the hex is wider there. */
export const ANOMALY_Y = -50;
export const ANOMALY_FONT = 14;
export const PLANET_FONT = 19;
export const TITLE_FONT = 19;

/** A garrison drawn on its planet's line is a little smaller than the ships in space. */
export const INLINE_UNITS = 0.8;

/** Width taken by a planet's owner disc and the space after it. */
export const DISC = 19;
const VALUES_FONT = 14;
const SHORTEST_NAME = 6;

export interface PlanetLayout {
  /** The name as drawn (shortened when the line is crowded). */
  readonly name: string;
  readonly nameWidth: number;
  /** 0 when resources/influence do not fit (the hover title and details still say them). */
  readonly valuesWidth: number;
  /** The line's width before scaling. */
  readonly width: number;
  readonly scale: number;
}

/**
 * Fits a planet line into `available` width: the units always show, then
 * the whole name, then its resources/influence; a name is shortened before
 * the line is shrunk, and shrunk only when even a short name does not fit.
 */
export function planetLayout(
  planet: {
    readonly name: string;
    readonly resources: number;
    readonly influence: number;
    readonly stacks: readonly { readonly units: UnitCounts }[];
  },
  available: number,
  inlineUnits = true,
): PlanetLayout {
  const units = inlineUnits
    ? planet.stacks.reduce((sum, s) => sum + unitRowWidth(s.units) * INLINE_UNITS + 6, 0)
    : 0;
  const values = textWidth(`${planet.resources}/${planet.influence}`, VALUES_FONT) + 3;
  const full = textWidth(planet.name, PLANET_FONT);
  const room = available - DISC - units;
  if (full + values <= room) return line(planet.name, full, values, units, available);
  if (full <= room) return line(planet.name, full, 0, units, available);
  const shortest = fitText(
    planet.name,
    PLANET_FONT,
    textWidth('x'.repeat(SHORTEST_NAME), PLANET_FONT),
  );
  const fitted = fitText(
    planet.name,
    PLANET_FONT,
    Math.max(room, textWidth(shortest.text, PLANET_FONT)),
  );
  return line(fitted.text, textWidth(fitted.text, PLANET_FONT), 0, units, available);
}

function line(
  name: string,
  nameWidth: number,
  valuesWidth: number,
  units: number,
  available: number,
): PlanetLayout {
  const width = DISC + nameWidth + valuesWidth + units;
  return { name, nameWidth, valuesWidth, width, scale: fitScale(width, available) };
}
