import { describe, expect, it } from 'vitest';
import { GameOptionsSchema, LobbyOptionsSchema, gameOptionsFromLobby } from './options.js';

describe('BG-1 game options', () => {
  it('fills the defaults', () => {
    const o = GameOptionsSchema.parse({ players: [{ race: 'sol' }, { race: 'random' }] });
    expect(o).toEqual({
      players: [{ race: 'sol' }, { race: 'random' }],
      variant: 'standard',
      galaxy: { mode: 'auto' },
      shockForces: true,
      leaders: true,
    });
  });

  it('accepts 2 to 8 players only', () => {
    const players = (n: number) => Array.from({ length: n }, () => ({ race: 'random' as const }));
    expect(GameOptionsSchema.safeParse({ players: players(1) }).success).toBe(false);
    expect(GameOptionsSchema.safeParse({ players: players(2) }).success).toBe(true);
    expect(GameOptionsSchema.safeParse({ players: players(8) }).success).toBe(true);
    expect(GameOptionsSchema.safeParse({ players: players(9) }).success).toBe(false);
  });

  it('refuses two players with the same race', () => {
    const r = GameOptionsSchema.safeParse({ players: [{ race: 'sol' }, { race: 'sol' }] });
    expect(r.success).toBe(false);
  });

  it('refuses a round limit outside 1..50', () => {
    const players = [{ race: 'sol' as const }, { race: 'hacan' as const }];
    expect(GameOptionsSchema.safeParse({ players, roundLimit: 0 }).success).toBe(false);
    expect(GameOptionsSchema.safeParse({ players, roundLimit: 51 }).success).toBe(false);
    expect(GameOptionsSchema.safeParse({ players, roundLimit: 10 }).success).toBe(true);
  });

  it('builds createGame input from the lobby options and the seats', () => {
    const lobby = LobbyOptionsSchema.parse({
      playerCount: 3,
      variant: 'long-parsecs',
      roundLimit: 5,
    });
    const input = gameOptionsFromLobby(lobby, [
      { name: 'Ann', race: 'sol' },
      { name: 'Bo' },
      { race: 'naalu' },
    ]);
    const o = GameOptionsSchema.parse(input);
    expect(o.players).toEqual([
      { name: 'Ann', race: 'sol' },
      { name: 'Bo', race: 'random' },
      { race: 'naalu' },
    ]);
    expect(o.variant).toBe('long-parsecs');
    expect(o.roundLimit).toBe(5);
  });
});
