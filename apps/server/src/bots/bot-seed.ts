import { createHash } from 'node:crypto';

/**
 * The seed of one bot decision: from the game's seed, the seat and the seq of the state the bot
 * decides on. A bot keeps no randomness of its own between decisions, so the same view gets the
 * same answer whichever process drives it and after any restart; once the game is over its seed
 * is revealed and each bot action in the log can be recomputed from its seat's view (the log
 * marks bot actions by their client id, `bot <seq>`). The policies walk a view's keys in order, so
 * "the same view" means down to key order: a state loaded from a jsonb snapshot may differ there.
 * Replaying the game never needs this: the log holds the actions themselves.
 */
export function botSeed(gameSeed: string, seat: number, seq: number): number {
  return createHash('sha256')
    .update(`${gameSeed}\u0000bot\u0000${String(seat)}\u0000${String(seq)}`)
    .digest()
    .readUInt32BE(0);
}

/**
 * The client id of a bot's action decided on the state after `seq`: one decision per state. It
 * holds a space, which no client id a player sends may hold (ClientIdSchema), so a player's own
 * ids, sent before its seat was handed to a bot, never answer the bot's actions.
 */
export const botClientId = (seq: number) => `bot ${String(seq)}`;

/** Whether a stored action's client id is a bot's (see `botClientId`). */
export const isBotClientId = (clientId: string) => /^bot \d+$/.test(clientId);
