import { describe, expect, it } from 'vitest';
import { parseCliArgs, runGalaxyCli } from './cli.js';
import { fromMapString } from './map-string.js';

describe('BG-4 galaxy command', () => {
  it('prints JSON with tiles, rings, seats, gaps and minor races', () => {
    const out = runGalaxyCli(['--players', '4', '--seed', '42', '--format', 'json'], 0);
    expect(out.exitCode).toBe(0);
    const doc = JSON.parse(out.stdout) as {
      players: number;
      seed: number;
      mapString: string;
      tiles: { q: number; r: number; ring: number; tileId: string }[];
      homes: { seat: number; race: string }[];
      gaps: unknown[];
      minorRaces: unknown[];
    };
    expect(doc.players).toBe(4);
    expect(doc.seed).toBe(42);
    expect(doc.tiles).toHaveLength(61);
    expect(doc.tiles.find((t) => t.tileId === 'mecatol-rex')).toMatchObject({
      q: 0,
      r: 0,
      ring: 0,
    });
    expect(doc.homes.map((h) => h.seat)).toEqual([0, 1, 2, 3]);
    expect(doc.gaps).toHaveLength(3);
    expect(doc.minorRaces).toHaveLength(3);
    expect(fromMapString(doc.mapString).ok).toBe(true);
  });

  it('prints the same galaxy for the same seed, in every format', () => {
    const a = runGalaxyCli(['--players=8', '--seed=42', '--variant=long-parsecs'], 0);
    const b = runGalaxyCli(['--players', '8', '--seed', '42', '--variant', 'long-parsecs'], 7);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toContain('8 players, long-parsecs, seed 42');
    const svg = runGalaxyCli(['--players', '8', '--seed', '42', '--format', 'svg'], 0);
    expect(svg.stdout).toContain('<svg');
  });

  it('uses the default seed when none is given', () => {
    expect(runGalaxyCli(['--players', '3'], 5).stdout).toBe(
      runGalaxyCli(['--players', '3', '--seed', '5'], 0).stdout,
    );
  });

  it('bad arguments give a usage error and exit code 2', () => {
    for (const args of [
      [],
      ['--players'],
      ['--players', '9'],
      ['--players', 'two'],
      ['--players', '4', '--variant', 'wide'],
      ['--players', '4', '--seed', '1.5'],
      ['--players', '4', '--format', 'png'],
      ['--players', '4', '--colour', 'red'],
    ]) {
      const out = runGalaxyCli(args, 0);
      expect(out.exitCode, args.join(' ')).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr).toContain('usage:');
    }
  });

  it('--help prints the usage and succeeds', () => {
    const parsed = parseCliArgs(['--help'], 0);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.output).toMatchObject({ exitCode: 0 });
  });
});
