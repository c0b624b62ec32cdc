import { z } from 'zod';
import { GameRecordSchema, GameStatusSchema } from './game-record.js';

/** `GET /api/games?status=lobby` */
export const ListGamesQuerySchema = z.object({
  status: GameStatusSchema.optional(),
});

export const ListGamesResponseSchema = z.object({ games: z.array(GameRecordSchema) });
export type ListGamesResponse = z.infer<typeof ListGamesResponseSchema>;
