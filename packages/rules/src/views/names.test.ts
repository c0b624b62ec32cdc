import { hexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { createGame } from '../setup/create-game.js';
import { systemName } from './names.js';

describe('a system in words: one name for one system everywhere', () => {
  it('a home system is named by its tile, never "home system system"', () => {
    const s = createGame({ players: [{ race: 'sol' }, { race: 'letnev' }] }, 'names');
    const home = s.galaxy.homes[0];
    if (home === undefined) throw new Error('no home');
    const name = systemName(hexKey(home), s.galaxy);
    expect(name).not.toMatch(/system system/);
    expect(name).not.toMatch(/^\d|,/);
  });

  it('a system without planets is found by the planets beside it; without a galaxy, by its ring', () => {
    const s = createGame({ players: [{ race: 'sol' }, { race: 'letnev' }] }, 'names');
    const empty = (Object.keys(s.galaxy.tiles) as (keyof typeof s.galaxy.tiles)[]).find((k) =>
      /^empty/.test(s.galaxy.tiles[k]?.tileId ?? ''),
    );
    if (empty !== undefined)
      expect(systemName(empty, s.galaxy)).toMatch(/^the .+ next to .+|in ring \d$/);
    expect(systemName('0,2')).toBe('a system in ring 2');
  });
});
