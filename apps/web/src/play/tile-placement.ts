import { hexKey, type HexKey } from '@outer-rim/map';
import type { Action, ActionOf } from '@outer-rim/rules';

export type PlaceTile = ActionOf<'place-tile'>;

export function placeTileActions(actions: readonly Action[]): PlaceTile[] {
  return actions.filter((a): a is PlaceTile => a.type === 'place-tile');
}

/** The tiles that may be placed now (a dealt tile with no legal hex is not offered). */
export function placeableTiles(actions: readonly Action[]): string[] {
  return [...new Set(placeTileActions(actions).map((a) => a.tileId))];
}

/** Where the chosen tile may go: these hexes light up on the board. */
export function hexesFor(actions: readonly Action[], tileId: string): Set<HexKey> {
  return new Set(
    placeTileActions(actions)
      .filter((a) => a.tileId === tileId)
      .map((a) => hexKey(a.hex)),
  );
}

/**
 * The action a click on a hex means for the chosen tile: the first legal
 * placement there (the engine lists the unturned one first when several
 * turns are allowed; the decision panel still offers the others).
 */
export function placementAt(
  actions: readonly Action[],
  tileId: string,
  hex: HexKey,
): PlaceTile | undefined {
  return placeTileActions(actions).find((a) => a.tileId === tileId && hexKey(a.hex) === hex);
}
