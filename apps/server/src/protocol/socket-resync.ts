import { z } from 'zod';

/**
 * Client -> server `resync`: every `update` after `sinceSeq`, or a fresh `state` when the gap is
 * too long to be worth replaying. Acknowledged with `{ ok: true, seq }`.
 */
export const ResyncMessageSchema = z.object({ sinceSeq: z.int().min(0) });
export type ResyncMessage = z.infer<typeof ResyncMessageSchema>;
