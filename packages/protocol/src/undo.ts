import { z } from 'zod';
import { SeatIndexSchema } from './game-record.js';
import { SeqSchema } from './seq.js';

/**
 * Taking back a misclick (docs/play-across-days.md). A seat may take back its last action while
 * no die was rolled and nothing hidden revealed since; other seats' steps after it go back with
 * it by their consent. What it would undo is worded before it runs.
 */

/** What taking back this seat's last action would undo now, or why it may not. */
export const UndoPlanSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** the seq of the seat's action taken back */
    seq: z.int().min(1),
    /** the seq the game goes back to */
    toSeq: z.int().min(0),
    /** what is undone, in the log's words, oldest first */
    lines: z.array(z.string()),
    /** the seats (people) whose later steps go back too: each must consent */
    consentFrom: z.array(SeatIndexSchema),
  }),
  z.object({
    ok: z.literal(false),
    /** `nothing`, `dice`, `hidden` or `over` */
    reason: z.string(),
    /** the refusal in words, with the rule that causes it */
    message: z.string(),
  }),
]);
export type UndoPlan = z.infer<typeof UndoPlanSchema>;

/** An undo waiting for the consent of the seats whose steps it takes back. */
export const UndoPendingSchema = z.object({
  /** the seat that asked */
  seat: SeatIndexSchema,
  seq: z.int().min(1),
  /** the game's head it was asked at: it lapses when the game moves on */
  head: z.int().min(0),
  lines: z.array(z.string()),
  needs: z.array(SeatIndexSchema),
  consents: z.array(SeatIndexSchema),
});
export type UndoPending = z.infer<typeof UndoPendingSchema>;

/** `GET /api/games/:id/undo` (Authorization: Bearer <seat token>). */
export const UndoStatusSchema = z.object({
  /** the game's head the plan was made on */
  head: z.int().min(0),
  /** taking back this seat's last action */
  plan: UndoPlanSchema,
  pending: UndoPendingSchema.nullable(),
});
export type UndoStatus = z.infer<typeof UndoStatusSchema>;

/** `POST /api/games/:id/undo`: take back the action at `seq`, as planned on the head `head`. */
export const UndoRequestSchema = z.object({ seq: SeqSchema, head: SeqSchema });
export type UndoRequest = z.infer<typeof UndoRequestSchema>;

/** `POST /api/games/:id/undo/consent`: agree to (or refuse) the pending undo of `seq`. */
export const UndoConsentSchema = z.object({ seq: SeqSchema, agree: z.boolean() });
export type UndoConsent = z.infer<typeof UndoConsentSchema>;

/** The answer to both: done (the game went back to `toSeq`) or waiting for consents. */
export const UndoOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('done'), toSeq: z.int().min(0), lines: z.array(z.string()) }),
  z.object({ outcome: z.literal('waiting'), pending: UndoPendingSchema }),
  z.object({ outcome: z.literal('declined') }),
]);
export type UndoOutcome = z.infer<typeof UndoOutcomeSchema>;

/**
 * Server -> client `undo`, to every viewer of the game: an undo was asked (`pending`), was done
 * (`done`, after which a fresh `state` with a lower seq follows) or was declined or lapsed.
 */
export const UndoNoticeSchema = z.object({
  gameId: z.string(),
  pending: UndoPendingSchema.nullable(),
  done: z
    .object({ seat: SeatIndexSchema, toSeq: z.int().min(0), lines: z.array(z.string()) })
    .optional(),
  declined: z.object({ seat: SeatIndexSchema }).optional(),
});
export type UndoNotice = z.infer<typeof UndoNoticeSchema>;
