import { z } from 'zod';

/**
 * The largest step number (seq) the server stores or looks up: PostgreSQL's `integer`, 2^31 − 1.
 * A larger one read from a client is refused as BAD_REQUEST before it reaches the database.
 */
export const MAX_SEQ = 2_147_483_647;

/** A seq a client names (a state it decided on, where its log ends): 0 to MAX_SEQ. */
export const SeqSchema = z.int().min(0).max(MAX_SEQ);
