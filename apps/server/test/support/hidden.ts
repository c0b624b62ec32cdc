import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { GameView, Viewer } from '@outer-rim/rules';
import type { App } from '../../src/app.js';
import { games } from '../../src/db/schema.js';

/** The game's secret seed, read straight from the database as no client may. */
export async function storedSeed(app: App, gameId: string): Promise<string | undefined> {
  const [row] = await app.database.db
    .select({ seed: games.seed })
    .from(games)
    .where(eq(games.id, gameId));
  return row?.seed;
}

/**
 * Asserts that a view is the one for `viewer` and holds no hidden value but the viewer's own: no
 * generator state, no action deck, and no other seat's hand or dealt tiles.
 */
export function expectOwnSecretsOnly(v: GameView, viewer: Viewer): void {
  expect(v.viewer).toBe(viewer);
  expect(v).not.toHaveProperty('prng');
  expect(v).not.toHaveProperty('actionDeck');
  v.players.forEach((player, seat) => {
    if (seat !== viewer) {
      expect(player).not.toHaveProperty('hand');
      expect(player).not.toHaveProperty('dealtTiles');
    }
  });
}
