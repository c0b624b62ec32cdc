import { hexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { createGame } from '../setup/create-game.js';
import { systemName } from './names.js';

describe('a system in words', () => {
  it('a home system is "the … home system", never "home system system"', () => {
    const s = createGame({ players: [{ race: 'sol' }, { race: 'letnev' }] }, 'names');
    const home = s.galaxy.homes[0];
    if (home === undefined) throw new Error('no home');
    const name = systemName(hexKey(home), s.galaxy);
    expect(name).toMatch(/^the .+ home system$/);
    expect(name).not.toMatch(/system system/);
  });
});
