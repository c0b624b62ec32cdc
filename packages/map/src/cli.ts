/**
 * The `galaxy` command as a pure function of its arguments (bin/galaxy.ts
 * does the printing and the exit code), so it can be tested without a
 * process. Usage errors give exit code 2.
 */
import { buildGalaxy } from './build-galaxy.js';
import { raceName, tileById } from './catalogue.js';
import { boardHexes, ringOf } from './board.js';
import { MapError } from './errors.js';
import { hexKey } from './geometry.js';
import { isPlayerCount, isVariant, layout } from './layouts.js';
import { toMapString } from './map-string.js';
import { galaxyToSvg } from './svg.js';
import type { Galaxy, Hex, Variant } from './types.js';

export const USAGE = `usage: npm run galaxy -- --players <2-8> [--variant standard|long-parsecs] [--seed <integer>] [--format json|svg|text]

Prints an automatically built Outer Rim galaxy.
  --players  number of players, 2 to 8 (required)
  --variant  standard (default) or long-parsecs (OR-2.3)
  --seed     whole number; the same seed always gives the same galaxy
  --format   text (default), json or svg`;

export type Format = 'json' | 'svg' | 'text';

export interface CliOptions {
  readonly players: number;
  readonly variant: Variant;
  readonly seed: number;
  readonly format: Format;
}

export interface CliOutput {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

const usageError = (message: string): CliOutput => ({
  exitCode: 2,
  stdout: '',
  stderr: `error: ${message}\n${USAGE}\n`,
});

type Parsed = { ok: true; options: CliOptions } | { ok: false; output: CliOutput };

const INTEGER = /^-?\d+$/;

/** Parses `--name value` and `--name=value`; `defaultSeed` is used when --seed is absent. */
export function parseCliArgs(args: readonly string[], defaultSeed: number): Parsed {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--help' || arg === '-h') {
      return { ok: false, output: { exitCode: 0, stdout: `${USAGE}\n`, stderr: '' } };
    }
    const m = /^--(players|variant|seed|format)(?:=(.*))?$/.exec(arg);
    if (!m?.[1]) return { ok: false, output: usageError(`unknown argument "${arg}"`) };
    let value = m[2];
    if (value === undefined) {
      value = args[i + 1];
      i++;
    }
    if (value === undefined || value === '') {
      return { ok: false, output: usageError(`--${m[1]} needs a value`) };
    }
    values.set(m[1], value);
  }
  const playersText = values.get('players');
  if (playersText === undefined) return { ok: false, output: usageError('--players is required') };
  const players = INTEGER.test(playersText) ? Number(playersText) : NaN;
  if (!isPlayerCount(players)) {
    return { ok: false, output: usageError(`--players must be 2..8, got "${playersText}"`) };
  }
  const variant = values.get('variant') ?? 'standard';
  if (!isVariant(variant)) {
    return {
      ok: false,
      output: usageError(`--variant must be standard or long-parsecs, got "${variant}"`),
    };
  }
  const seedText = values.get('seed');
  const seed = seedText === undefined ? defaultSeed : Number(seedText);
  if (seedText !== undefined && (!INTEGER.test(seedText) || !Number.isSafeInteger(seed))) {
    return { ok: false, output: usageError(`--seed must be a whole number, got "${seedText}"`) };
  }
  const format = values.get('format') ?? 'text';
  if (format !== 'json' && format !== 'svg' && format !== 'text') {
    return { ok: false, output: usageError(`--format must be json, svg or text, got "${format}"`) };
  }
  return { ok: true, options: { players, variant, seed, format } };
}

const at = (h: Hex): { q: number; r: number; ring: number } => ({
  q: h.q,
  r: h.r,
  ring: ringOf(hexKey(h)) ?? -1,
});

/** The JSON document of `--format json`. */
export function galaxyToJson(galaxy: Galaxy, seed: number): unknown {
  const { compensation, seatNames } = layout(galaxy.players, galaxy.variant);
  const tileIdAt = (h: Hex): string => galaxy.tiles[hexKey(h)]?.tileId ?? '';
  return {
    players: galaxy.players,
    variant: galaxy.variant,
    seed,
    mapString: toMapString(galaxy),
    tiles: boardHexes(galaxy).flatMap((h) => {
      const placed = galaxy.tiles[hexKey(h)];
      if (!placed) return [];
      const tile = tileById(placed.tileId);
      return {
        ...at(h),
        tileId: placed.tileId,
        name: tile?.name,
        kind: tile?.kind,
        rotation: placed.rotation,
        anomaly: tile?.anomaly ?? null,
        wormhole: tile?.wormhole ?? null,
        planets: tile?.planets ?? [],
      };
    }),
    homes: galaxy.homes.map((h, seat) => ({
      seat,
      ...at(h),
      race: tileById(tileIdAt(h))?.race ?? null,
      extraCredits: compensation[seat] ?? 0,
      seatName: seatNames[seat] ?? null,
    })),
    gaps: (galaxy.movedSystems ?? []).map((h) => ({ ...at(h), movedSystem: tileIdAt(h) })),
    minorRaces: galaxy.minorRaces.map((h) => ({
      ...at(h),
      race: tileById(tileIdAt(h))?.race ?? null,
    })),
  };
}

/** The summary of `--format text`. */
export function galaxyToText(galaxy: Galaxy, seed: number): string {
  const name = (h: Hex): string => tileById(galaxy.tiles[hexKey(h)]?.tileId ?? '')?.name ?? 'gap';
  const { compensation, seatNames } = layout(galaxy.players, galaxy.variant);
  const lines = [
    `Outer Rim galaxy: ${galaxy.players} players, ${galaxy.variant}, seed ${seed}`,
    `Map string: ${toMapString(galaxy)}`,
    'Seats (clockwise from the top):',
    ...galaxy.homes.map((h, seat) => {
      const race = tileById(galaxy.tiles[hexKey(h)]?.tileId ?? '')?.race;
      const extra = compensation[seat]
        ? `, ${seatNames[seat] ?? ''} +${compensation[seat]} credits`
        : '';
      return `  seat ${seat}: ${race ? raceName(race) : '?'} at ${hexKey(h)} (ring ${ringOf(hexKey(h)) ?? '?'})${extra}`;
    }),
  ];
  const special = Object.entries(galaxy.tiles).flatMap(([key, placed]) => {
    const tile = tileById(placed.tileId);
    if (!tile?.anomaly && !tile?.wormhole) return [];
    return [`  ${key}: ${tile.name}${tile.wormhole ? ` (${tile.wormhole} wormhole)` : ''}`];
  });
  lines.push('Anomalies and wormholes:', ...special);
  const moved = galaxy.movedSystems ?? [];
  lines.push(`Minor races (${galaxy.minorRaces.length}):`);
  for (const h of galaxy.minorRaces) {
    const race = tileById(galaxy.tiles[hexKey(h)]?.tileId ?? '')?.race;
    lines.push(`  ${race ? raceName(race) : '?'} at ${hexKey(h)}`);
  }
  if (moved.length > 0) {
    lines.push(
      `Systems moved into the gaps: ${moved.map((h) => `${name(h)} at ${hexKey(h)}`).join('; ')}`,
    );
  }
  const open = Object.keys(galaxy.tiles).length;
  lines.push(`Tiles on the board: ${open} of 61 hexes`);
  return `${lines.join('\n')}\n`;
}

export function runGalaxyCli(args: readonly string[], defaultSeed: number): CliOutput {
  const parsed = parseCliArgs(args, defaultSeed);
  if (!parsed.ok) return parsed.output;
  const { players, variant, seed, format } = parsed.options;
  let galaxy: Galaxy;
  try {
    galaxy = buildGalaxy({ players, variant, seed });
  } catch (e) {
    if (e instanceof MapError) return usageError(`${e.code}: ${e.message}`);
    throw e;
  }
  const stdout =
    format === 'json'
      ? `${JSON.stringify(galaxyToJson(galaxy, seed), null, 2)}\n`
      : format === 'svg'
        ? `${galaxyToSvg(galaxy)}\n`
        : galaxyToText(galaxy, seed);
  return { exitCode: 0, stdout, stderr: '' };
}
