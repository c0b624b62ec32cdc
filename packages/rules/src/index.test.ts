import { describe, expect, it } from 'vitest';
import { distance } from '@outer-rim/map';
import * as rules from './index.js';

describe('Public API (the contract with the server and the web client)', () => {
  it('exports every name of the contract', () => {
    for (const name of [
      'createGame',
      'apply',
      'decisions',
      'legalActions',
      'view',
      'eventsFor',
      'replay',
      'isGameOver',
      'describeEvent',
      'GameOptionsSchema',
      'LobbyOptionsSchema',
      'gameOptionsFromLobby',
      'ActionSchema',
      'ERROR_CODES',
    ]) {
      expect(rules, name).toHaveProperty(name);
    }
    expect(rules.ERROR_CODES).toEqual(
      expect.arrayContaining(['BAD_REQUEST', 'NOT_YOUR_DECISION', 'ILLEGAL_ACTION', 'GAME_OVER']),
    );
  });
});

describe('OR-2.3 Long Parsecs through the public API', () => {
  it('Long Parsecs puts the home systems in the Outer Rim', () => {
    const s = rules.createGame(
      { players: [{ race: 'sol' }, { race: 'hacan' }, { race: 'xxcha' }], variant: 'long-parsecs' },
      'parsecs',
    );
    for (const home of s.galaxy.homes) expect(distance(home, { q: 0, r: 0 })).toBe(4);
    expect(rules.isGameOver(s)).toBe(false);
  });
});
