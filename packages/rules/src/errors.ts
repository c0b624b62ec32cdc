/**
 * The closed list of error codes `apply` may answer with. Clients branch on
 * the code, never on the message, so a code once published is never renamed.
 */
export const ERROR_CODES = [
  /** The payload is not a well-formed action (schema check failed). */
  'BAD_REQUEST',
  /** The seat is not owed a decision that this action answers. */
  'NOT_YOUR_DECISION',
  /** Well-formed and the seat's turn, but the rules forbid it. */
  'ILLEGAL_ACTION',
  /** The game has ended; nothing more may happen. */
  'GAME_OVER',
  /** A seat number outside the table. */
  'UNKNOWN_SEAT',
  /** A defect inside the engine; the state is left untouched. */
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface RuleError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: unknown;
}

export function ruleError(code: ErrorCode, message: string, details?: unknown): RuleError {
  return details === undefined ? { code, message } : { code, message, details };
}

/** Thrown only by `createGame` for invalid options; `apply` never throws. */
export class GameSetupError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  constructor(message: string, details?: unknown) {
    super(message);
    this.name = 'GameSetupError';
    this.code = 'BAD_REQUEST';
    this.details = details;
  }
}
