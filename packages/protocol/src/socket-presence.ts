import { z } from 'zod';

/** Server -> client `presence`: for each seat, whether its player has a connection open now. */
export const PresenceMessageSchema = z.object({
  gameId: z.string(),
  seats: z.array(z.boolean()).max(8),
});
export type PresenceMessage = z.infer<typeof PresenceMessageSchema>;
