import { tileById } from '@outer-rim/map';
import type { ActionOf } from '@outer-rim/rules';
import { describe, expect, it } from 'vitest';
import { actionGroupTitle, actionWords } from './action-words';
import { groupActions, legalHexes } from './action-groups';

const names = ['Ann', 'Bo'];

describe('legal actions in words', () => {
  it('names every kind of action the way a player says it', () => {
    expect(actionWords({ type: 'make-offer', to: 1, credits: 1, cards: [] }, names)).toBe(
      'Offer 1 credit to Bo',
    );
    expect(
      actionWords(
        { type: 'make-offer', to: 0, credits: 5, cards: ['sabotage#1', 'good-year#2'] },
        names,
      ),
    ).toBe('Offer 5 credits and Sabotage, Good Year to Ann');
    expect(actionWords({ type: 'purchase', units: { 'ground-force': 3 } })).toBe(
      'Buy 3 Ground Forces',
    );
    expect(actionWords({ type: 'purchase', units: { carrier: 1 } })).toBe('Buy 1 Carrier');
    expect(actionWords({ type: 'place-unit', unit: 'pds', planet: 'Jord' })).toBe(
      'Place a PDS at Jord',
    );
    expect(actionWords({ type: 'end-turn' })).toBe('End my turn');
    expect(actionWords({ type: 'end-segment' }, names, { segment: 'space-battle' })).toBe(
      'End the Space Battle segment',
    );
    const offers = [{ id: 4, from: 1, to: 0, credits: 10, cards: ['hidden'] }];
    expect(actionWords({ type: 'accept-offer', offerId: 4 }, names, { offers })).toBe(
      "Accept Bo's offer of 10 credits and 1 action card",
    );
    expect(actionWords({ type: 'withdraw-offer', offerId: 4 }, names, { offers })).toBe(
      'Withdraw the offer of 10 credits and 1 action card to Ann',
    );
    expect(actionWords({ type: 'decline-offer', offerId: 9 }, names, { offers })).toBe(
      'Decline offer #9',
    );
    const planets = tileById('mecatol-rex')?.planets[0];
    expect(actionWords({ type: 'place-tile', tileId: 'mecatol-rex', hex: { q: 1, r: -1 } })).toBe(
      `Place ${planets?.name ?? ''} ${planets?.resources ?? ''}/${planets?.influence ?? ''} in ring 1, place 2 of 6 clockwise from the top`,
    );
  });

  it('OR-6.2: names leaders, never their ids, when they board, land or change hands', () => {
    expect(actionWords({ type: 'board-leader', leader: 'sol-admiral-1', ship: 'carrier' })).toBe(
      'Put the Federation of Sol Admiral aboard a Carrier',
    );
    expect(
      actionWords({ type: 'land-leader', leader: 'sardakk-norr-general-2', planet: "Tren'Lak" }),
    ).toBe("Land the Sardakk N'orr General (2) on Tren'Lak");
    expect(actionWords({ type: 'captive', leader: 'sol-agent-2', to: 1 }, ['Ann', 'Bo'])).toBe(
      'Hand the Federation of Sol Agent over to Bo',
    );
    expect(actionWords({ type: 'captive', leader: 'sol-agent-2', execute: true })).toBe(
      'Execute the Federation of Sol Agent',
    );
    expect(actionWords({ type: 'captive', leader: 'sol-agent-2' })).toBe('Keep your captives');
  });

  it('OR-6.2: a Strategic Mathematics pursuit that names the leaders’ Cruiser is its own line, in the move form’s words', () => {
    const pursue: ActionOf<'use-technology'> = {
      type: 'use-technology',
      technology: 'strategic-mathematics',
      hex: '0,-1',
      path: ['0,-2'],
      count: 1,
    };
    const context = {
      leaderShipLabel: (hex: string, kind: string) =>
        hex === '0,-1' && kind === 'cruiser' ? 'Cruiser with the Admiral aboard' : undefined,
    };
    const plain = actionWords(pursue, names, context);
    const named = actionWords({ ...pursue, leaderShips: ['cruiser'] }, names, context);
    expect(plain).toMatch(/^Strategic Mathematics: 1 Cruiser move on from /);
    expect(named).toMatch(
      /^Strategic Mathematics: the Cruiser with the Admiral aboard moves on from /,
    );
    const jump: ActionOf<'use-technology'> = {
      type: 'use-technology',
      technology: 'spatial-jump',
      hex: '0,-1',
      toHex: '0,-2',
    };
    const fighter = {
      leaderShipLabel: (hex: string, kind: string) =>
        hex === '0,-1' && kind === 'fighter' ? 'Fighter with the Admiral aboard' : undefined,
    };
    expect(actionWords({ ...jump, leaderShips: ['fighter'] }, names, fighter)).toBe(
      `${actionWords(jump, names, fighter)}, the Fighter with the Admiral aboard among them`,
    );
    expect(actionWords({ ...pursue, count: 2, leaderShips: ['cruiser'] }, names, context)).toMatch(
      /^Strategic Mathematics: 2 Cruisers, the Cruiser with the Admiral aboard among them, move on /,
    );
  });

  it('groups actions under one heading per kind and narrows them to a selected hex', () => {
    const actions = [
      { type: 'place-tile' as const, tileId: 't1', hex: { q: 0, r: -1 } },
      { type: 'place-tile' as const, tileId: 't1', hex: { q: 1, r: -1 } },
      { type: 'end-segment' as const },
    ];
    expect(groupActions(actions).map((g) => [g.title, g.actions.length])).toEqual([
      [actionGroupTitle('place-tile'), 2],
      ['End segment', 1],
    ]);
    const narrowed = groupActions(actions, '1,-1');
    expect(narrowed.flatMap((g) => g.actions)).toEqual([actions[1], actions[2]]);
    expect([...legalHexes(actions)]).toEqual(['0,-1', '1,-1']);
  });
});
