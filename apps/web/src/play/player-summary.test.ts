import { cardName, createGame, influenceOf, resourcesOf, view } from '@outer-rim/rules';
import { describe, expect, it } from 'vitest';
import { BRACKET_NAMES, playerSummaries, words } from './player-summary';

describe('side panel figures (BG-10 progression, OR-6.2 leaders and captives)', () => {
  const state = createGame(
    { players: [{ name: 'Ann', race: 'sol' }, { name: 'Bo', race: 'hacan' }, { name: 'Cy' }] },
    'summary',
  );

  it('shows each player as the rules count them, and my hand only to me', () => {
    const mine = playerSummaries(view(state, 1));
    expect(mine.map((p) => p.name)).toEqual(['Ann', 'Bo', 'Cy']);
    mine.forEach((p, seat) => {
      expect(p.credits).toBe(state.players[seat]?.credits);
      expect(p.influence).toBe(influenceOf(state, seat));
      expect(p.resources).toBe(resourcesOf(state, seat));
      expect(p.bracket).toBe(BRACKET_NAMES[0]);
      expect(p.leaders.length).toBe(state.players[seat]?.leaders.length);
    });
    expect(mine[1]?.hand).toEqual(state.players[1]?.hand.map(cardName));
    expect(mine[0]?.hand).toBeUndefined();
    expect(playerSummaries(view(state, 'spectator')).every((p) => p.hand === undefined)).toBe(true);
  });

  it('OR-6.2: says where each leader is, who holds it, and the captives by name', () => {
    const sol = state.players[0]?.leaders[1];
    if (sol === undefined) throw new Error('no Sol leader');
    const held = {
      ...state,
      players: state.players.map((p, i) =>
        i === 0
          ? {
              ...p,
              leaders: p.leaders.map((l) =>
                l.id === sol.id
                  ? { id: l.id, type: l.type, status: 'captured' as const, captor: 1 }
                  : l,
              ),
            }
          : i === 1
            ? { ...p, captives: [{ owner: 0, leaderId: sol.id }] }
            : p,
      ),
    };
    const seen = playerSummaries(view(held, 'spectator'));
    expect(seen[0]?.leaders).toEqual([
      'Admiral (on Jord)',
      'Agent (captured by Bo)',
      'Diplomat (on Jord)',
    ]);
    expect(seen[1]?.captives).toEqual(["Ann's Federation of Sol Agent"]);
    expect(seen[1]?.influence).toBe(influenceOf(state, 1) + 2);
  });

  it('OR-6.2: a leader escaping an invaded planet is shown off the board, escaping', () => {
    const escaping = {
      ...state,
      players: state.players.map((p, i) =>
        i === 0
          ? {
              ...p,
              leaders: p.leaders.map((l, j) =>
                j === 0
                  ? { id: l.id, type: l.type, status: 'active' as const, escapingFrom: 'Jord' }
                  : l,
              ),
            }
          : p,
      ),
    };
    expect(playerSummaries(view(escaping, 1))[0]?.leaders[0]).toBe('Admiral (escaping from Jord)');
  });

  it('spells ids as names', () => {
    expect(words('hylar-v-assault-laser')).toBe('Hylar V Assault Laser');
    expect(words('admiral')).toBe('Admiral');
  });
});
