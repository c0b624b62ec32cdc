import { hexKey } from '@outer-rim/map';
import { createGame, decisions, legalActions, view } from '@outer-rim/rules';
import { describe, expect, it } from 'vitest';
import { hexesFor, placeableTiles, placementAt } from './tile-placement';

describe('BG-4 galaxy building in the client', () => {
  const state = createGame(
    {
      players: [{ race: 'random' }, { race: 'random' }, { race: 'random' }],
      galaxy: { mode: 'build' },
    },
    'building',
  );
  const seat = decisions(state)[0]?.seat ?? -1;
  const mine = view(state, seat);
  const actions = legalActions(mine, seat);

  it('offers only dealt tiles, and only where the rules allow them', () => {
    const dealt = mine.players[seat]?.dealtTiles ?? [];
    const tiles = placeableTiles(actions);
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) expect(dealt).toContain(tile);
    const first = tiles[0] ?? '';
    const hexes = hexesFor(actions, first);
    expect(hexes.size).toBeGreaterThan(0);
    // Ring 1 is filled first (BG-4): every legal hex touches Mecatol Rex.
    for (const key of hexes) expect(['0,-1', '1,-1', '1,0', '0,1', '-1,1', '-1,0']).toContain(key);
  });

  it('turns a click on a highlighted hex into a legal placement, and a click elsewhere into nothing', () => {
    const tile = placeableTiles(actions)[0] ?? '';
    const [hex] = [...hexesFor(actions, tile)];
    const placement = placementAt(actions, tile, hex ?? '0,0');
    expect(placement?.tileId).toBe(tile);
    expect(hexKey(placement?.hex ?? { q: 9, r: 9 })).toBe(hex);
    expect(placementAt(actions, tile, '4,0')).toBeUndefined();
  });

  it('shows another seat none of the dealt tiles', () => {
    const other = (seat + 1) % 3;
    expect(view(state, other).players[seat]?.dealtTiles).toBeUndefined();
  });
});
