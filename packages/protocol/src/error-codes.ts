import { ERROR_CODES as RULE_ERROR_CODES } from '@outer-rim/rules';
import { z } from 'zod';

/**
 * Every refusal the server sends, over HTTP or Socket.io, carries one of these codes.
 * The list is the contract with clients: codes are only ever added, never renamed.
 * Rule errors from the engine (NOT_YOUR_DECISION, ILLEGAL_ACTION, GAME_OVER, ...) pass through
 * unchanged, so a client switches on one namespace of strings.
 */
export const SERVER_ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'GAME_NOT_FOUND',
  'GAME_NOT_STARTED',
  'GAME_ALREADY_STARTED',
  'GAME_OVER',
  'SEAT_NOT_FOUND',
  'SEAT_TAKEN',
  'NO_FREE_SEAT',
  'RACE_TAKEN',
  'NOT_READY',
  'NOT_YOUR_DECISION',
  'ILLEGAL_ACTION',
  'SPECTATOR_READ_ONLY',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'CONFLICT',
  'UNKNOWN_SEAT',
  'UNAVAILABLE',
  'INTERNAL',
  'STALE_STATE',
  'UNDO_REFUSED',
  'UNDONE',
] as const;

export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/** Every code a client may receive: the server's own and the rules engine's, once each. */
export const ALL_ERROR_CODES: readonly string[] = [
  ...new Set<string>([...SERVER_ERROR_CODES, ...RULE_ERROR_CODES]),
];

/** HTTP status for each server code; rule errors are 409/422-like refusals of a valid request. */
export const HTTP_STATUS: Record<ServerErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  GAME_NOT_FOUND: 404,
  GAME_NOT_STARTED: 409,
  GAME_ALREADY_STARTED: 409,
  GAME_OVER: 409,
  SEAT_NOT_FOUND: 404,
  SEAT_TAKEN: 409,
  NO_FREE_SEAT: 409,
  RACE_TAKEN: 409,
  NOT_READY: 409,
  NOT_YOUR_DECISION: 409,
  ILLEGAL_ACTION: 422,
  SPECTATOR_READ_ONLY: 403,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  CONFLICT: 409,
  UNKNOWN_SEAT: 404,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  STALE_STATE: 409,
  UNDO_REFUSED: 409,
  UNDONE: 409,
};

/** Seconds an HTTP 503 (UNAVAILABLE) asks the client to wait, in its Retry-After header. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * A count on the wire (a seq, a limit) in a path or query string: plain decimal digits only, so
 * `0x1`, `1e3`, ` 1` or `1.0` are refused rather than read as numbers.
 */
export const DecimalSchema = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,14})$/, 'a plain decimal number')
  .transform(Number);

export const ErrorDetailSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** A refusal by the rules: the id of the rule that caused it ("OR-6.2"). */
  rule: z.string().optional(),
  details: z.unknown().optional(),
});
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

/** The body of every HTTP error response. */
export const ErrorResponseSchema = z.object({ error: ErrorDetailSchema });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
