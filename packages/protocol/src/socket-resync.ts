import { z } from 'zod';
import { ErrorDetailSchema } from './error-codes.js';
import { SeqSchema } from './seq.js';

/**
 * Client -> server `resync`: every `update` after `sinceSeq`, or a fresh `state` when the gap is
 * too long to be worth replaying. Acknowledged with `{ ok: true, seq }`.
 */
export const ResyncMessageSchema = z.object({ sinceSeq: SeqSchema });
export type ResyncMessage = z.infer<typeof ResyncMessageSchema>;

/** The acknowledgement of `resync`: a fresh `state` has been sent; `missed` fills the log. */
export const ResyncAckSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** the seq of the `state` just sent */
    seq: z.int().min(0),
    missed: z.array(
      z.object({ seq: z.int().min(1), seat: z.int().min(0), events: z.array(z.unknown()) }),
    ),
  }),
  z.object({ ok: z.literal(false), error: ErrorDetailSchema }),
]);
export type ResyncAck = z.infer<typeof ResyncAckSchema>;
