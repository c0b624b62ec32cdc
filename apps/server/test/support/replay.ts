import { gameOptionsFromLobby, LobbyOptionsSchema, replay } from '@outer-rim/rules';
import type { Action, GameState } from '@outer-rim/rules';
import { diceSeed } from '../../src/games/secrets.js';
import type { GameRecord } from '@outer-rim/protocol';

/**
 * Replays a game from its public record, the server's seed and its logged actions, as any client
 * could: the dice roll from the seed mixed with every seat's share (docs/fair-dice.md).
 */
export function replayRecord(
  record: GameRecord,
  seed: string,
  log: readonly { seat: number; action?: unknown }[],
): GameState {
  const options = gameOptionsFromLobby(
    LobbyOptionsSchema.parse(record.options),
    record.seats.map((s) => ({ name: s.name ?? '', race: s.race as never })),
  );
  const shares = record.seats.flatMap((s) => (s.entropy === undefined ? [] : [s.entropy]));
  return replay(
    options,
    diceSeed(seed, shares),
    log.map((e) => ({ seat: e.seat, action: e.action as Action })),
  );
}
