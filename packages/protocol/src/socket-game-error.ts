import { z } from 'zod';

/** Server -> client `game-error`: a problem with the connection itself, not with one action. */
export const GameErrorMessageSchema = z.object({ code: z.string(), message: z.string() });
export type GameErrorMessage = z.infer<typeof GameErrorMessageSchema>;
