/**
 * Snake order for building (BG-4): from the first player clockwise (seat
 * index upwards) one tile each, then back the other way, and so on.
 */
import { MapError } from './errors.js';

/** The seat that lays each of `tileCount` tiles, in order. */
export function snakeOrder(players: number, firstSeat: number, tileCount: number): number[] {
  if (!Number.isInteger(players) || players < 1) {
    throw new MapError(
      'BAD_PLAYER_COUNT',
      `players must be a positive whole number, got ${players}`,
    );
  }
  if (!Number.isInteger(firstSeat) || firstSeat < 0 || firstSeat >= players) {
    throw new MapError('BAD_SEAT', `first seat must be 0..${players - 1}, got ${firstSeat}`);
  }
  const order: number[] = [];
  for (let i = 0; i < tileCount; i++) {
    const round = Math.floor(i / players);
    const step = i % players;
    const offset = round % 2 === 0 ? step : players - 1 - step;
    order.push((firstSeat + offset) % players);
  }
  return order;
}

/**
 * Deal `stock` (already shuffled) so that each seat holds exactly the tiles
 * it will lay: the i-th tile goes to the seat that makes the i-th placement.
 */
export function dealHands(
  stock: readonly string[],
  order: readonly number[],
  players: number,
): string[][] {
  const hands: string[][] = Array.from({ length: players }, () => []);
  stock.forEach((id, i) => {
    const seat = order[i];
    if (seat !== undefined) hands[seat]?.push(id);
  });
  return hands;
}
