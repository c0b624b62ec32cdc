import type { ServerErrorCode } from '@outer-rim/protocol';

/** A refusal with a stable code from protocol/error-codes.ts; HTTP and sockets both send it. */
export class ApiError extends Error {
  constructor(
    readonly code: ServerErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toJSON(): { code: string; message: string; details?: unknown } {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}
