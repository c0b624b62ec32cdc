import { gameOptionsFromLobby, LobbyOptionsSchema, replay } from '@outer-rim/rules';
import type { Action, GameState } from '@outer-rim/rules';
import type { GameRecord } from '@outer-rim/protocol';

/** Replays a game from its public record, a seed and its logged actions, as any client could. */
export function replayRecord(
  record: GameRecord,
  seed: string,
  log: readonly { seat: number; action?: unknown }[],
): GameState {
  const options = gameOptionsFromLobby(
    LobbyOptionsSchema.parse(record.options),
    record.seats.map((s) => ({ name: s.name ?? '', race: s.race as never })),
  );
  return replay(
    options,
    seed,
    log.map((e) => ({ seat: e.seat, action: e.action as Action })),
  );
}
