import { describe, expect, it } from 'vitest';
import { parseRoute, routeHref } from './route';

describe('client routes', () => {
  it('reads the lobby, a game and its replay from the hash', () => {
    expect(parseRoute('')).toEqual({ page: 'lobby' });
    expect(parseRoute('#/')).toEqual({ page: 'lobby' });
    expect(parseRoute('#/game/abc_DEF-123')).toEqual({ page: 'game', gameId: 'abc_DEF-123' });
    expect(parseRoute('#/game/abc12345/replay')).toEqual({ page: 'replay', gameId: 'abc12345' });
    expect(parseRoute('#/rules')).toEqual({ page: 'rules' });
    expect(parseRoute('#/rules/notes')).toEqual({ page: 'rules', at: 'notes' });
    expect(parseRoute('#/my-games')).toEqual({ page: 'my-games' });
  });

  it('falls back to the lobby for anything it does not know', () => {
    expect(parseRoute('#/game/../etc')).toEqual({ page: 'lobby' });
    expect(parseRoute('#/elsewhere')).toEqual({ page: 'lobby' });
  });

  it('round-trips every route through its href', () => {
    for (const route of [
      { page: 'lobby' },
      { page: 'rules' },
      { page: 'rules', at: 'notes' },
      { page: 'my-games' },
      { page: 'game', gameId: 'g1234567' },
      { page: 'replay', gameId: 'g1234567' },
    ] as const) {
      expect(parseRoute(routeHref(route))).toEqual(route);
    }
  });
});
