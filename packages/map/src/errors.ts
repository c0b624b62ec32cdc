/**
 * Thrown only when a caller breaks a documented precondition (an illegal
 * placement passed to `placeTile`, a die result outside 1..100): callers
 * that take input from players check first with the non-throwing queries
 * (`canPlace`, `validateGalaxy`, ...), so a throw here means a bug upstream.
 */
export class MapError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'MapError';
    this.code = code;
  }
}
