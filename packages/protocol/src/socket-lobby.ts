import { GameRecordSchema } from './game-record.js';
import { z } from 'zod';

/**
 * Server -> client `lobby`: the lobby record, on connect and after every seat change, so a
 * waiting client needs no polling. When the game starts each viewer also gets its `state`.
 */
export const LobbyMessageSchema = z.object({ game: GameRecordSchema });
export type LobbyMessage = z.infer<typeof LobbyMessageSchema>;
