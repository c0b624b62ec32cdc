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
  /**
   * The id of the rule that refused the action ("OR-6.2"): every refusal by the rules
   * (ILLEGAL_ACTION, NOT_YOUR_DECISION, GAME_OVER) carries one; a malformed payload, an unknown
   * seat or an engine defect has none.
   */
  readonly rule?: string;
  readonly details?: unknown;
}

/** The rule id a refusal names in parentheses ("… (BG-2)", "… (OR-6.2): …"), the last if several. */
export function ruleIdOf(message: string): string | undefined {
  return [...message.matchAll(/\(((?:BG|OR)-\d+(?:\.\d+)?)\)/g)].at(-1)?.[1];
}

/** A refusal; its `rule` is the rule id its message names at its end, when it names one. */
export function ruleError(code: ErrorCode, message: string, details?: unknown): RuleError {
  const rule = ruleIdOf(message);
  return {
    code,
    message,
    ...(rule === undefined ? {} : { rule }),
    ...(details === undefined ? {} : { details }),
  };
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
