import type { ActionAck } from '@outer-rim/protocol';

/** A refusal judged on the state after `seq`, which it names for the client. */
export function judged(ack: ActionAck & { ok: false }, seq: number): ActionAck & { ok: false } {
  return { ...ack, seq };
}

export function refusal(
  code: string,
  message: string,
  details?: unknown,
): ActionAck & { ok: false } {
  return {
    ok: false,
    error: details === undefined ? { code, message } : { code, message, details },
  };
}
