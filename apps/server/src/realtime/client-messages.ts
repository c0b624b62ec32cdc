import type { ActionAck } from '@outer-rim/protocol';
import { SOCKET_EVENTS } from '@outer-rim/protocol';
import type { Viewer } from '@outer-rim/rules';
import { ApiError } from '../errors.js';
import { refusal } from '../games/refusal.js';
import type { ClientToServer, GameSocket } from './socket-server.js';
import type { TokenBucket } from './token-bucket.js';

/** A message's refusal, in its acknowledgement. */
export type Refusal = ActionAck & { ok: false };

/** The acknowledgement a client asked for (a no-op when it asked for none). */
export type Ack = (answer: unknown) => void;

/** The kinds of message a client may send; anything else is answered BAD_REQUEST. */
const CLIENT_EVENTS = new Set<string>([
  SOCKET_EVENTS.action,
  SOCKET_EVENTS.resync,
  SOCKET_EVENTS.chat,
  SOCKET_EVENTS.spectatorChat,
]);

/** A sender over its rate: the answer to any kind of message. */
export function rateLimited(): Refusal {
  return refusal('RATE_LIMITED', 'Too many messages; slow down.');
}

/**
 * Every message, whatever its kind: its size first (before any parsing), then its kind. Unknown
 * kinds cost an answer only, and take from `bucket`. Each handler is then called with one shape,
 * (payload, ack), whatever the client sent (an ack without a payload, extra arguments, no ack).
 */
export function screenMessages(
  socket: GameSocket,
  messageLimit: number,
  bucket: TokenBucket,
): void {
  socket.use((packet, next) => {
    const event: unknown = packet[0];
    const args: unknown[] = packet.slice(1);
    const last = args.at(-1);
    const ack = asAck(last);
    const payload: unknown = typeof args[0] === 'function' ? undefined : args[0];
    packet.length = 1;
    packet.push(payload, ack);
    if (jsonSize(payload) > messageLimit) {
      ack(refusal('PAYLOAD_TOO_LARGE', `Messages are limited to ${messageLimit} bytes.`));
      return;
    }
    if (typeof event !== 'string' || !CLIENT_EVENTS.has(event)) {
      ack(
        bucket.take()
          ? refusal('BAD_REQUEST', 'Clients send action, resync, chat or spectator-chat.')
          : rateLimited(),
      );
      return;
    }
    next();
  });
}

/** The refusal a call gave for what it was sent (an ApiError), if that is why it failed. */
export function refusalOf(error: unknown): Refusal | undefined {
  return error instanceof ApiError ? { ok: false, error: error.toJSON() } : undefined;
}

/** Checks shared by actions and chat: who may send, how often (the size is checked before). */
export function seatsOnly(viewer: Viewer, bucket: TokenBucket): Refusal | undefined {
  if (viewer === 'spectator') {
    return refusal('SPECTATOR_READ_ONLY', 'Spectators watch; they cannot act or talk.');
  }
  if (!bucket.take()) return rateLimited();
  return undefined;
}

/** The steps one kind of message goes through, in order. */
export interface MessagePath<T> {
  /**
   * Who may send it and how often, before its payload is read: a refusal, or undefined. `busy`:
   * a call of this kind still runs (it matters only to a path that runs `oneAtATime`).
   */
  precheck: (busy: boolean) => Refusal | undefined;
  /** The payload as the call takes it, or the refusal of a malformed one. */
  parse: (payload: unknown) => { ok: true; input: T } | Refusal;
  /** Once the connection is admitted: handles it and acknowledges it (`ack`). */
  call: (input: T, ack: Ack) => Promise<unknown>;
  /** The acknowledgement of a call that failed, or undefined when there is none to give. */
  failed: (error: unknown) => Refusal | undefined;
  /** A message of this kind is not handled while the last one is. */
  oneAtATime?: boolean;
}

/**
 * How a connection handles one kind of message: precheck, parse, and once the connection is
 * admitted (`admitted` resolves true; false: it was dropped) the call; each refusal on the way
 * is the message's acknowledgement.
 */
export function onClientMessage<T>(
  socket: GameSocket,
  event: keyof ClientToServer,
  admitted: Promise<boolean>,
  path: MessagePath<T>,
): void {
  let busy = false;
  socket.on(event, (payload: unknown, maybeAck: unknown) => {
    const ack = asAck(maybeAck);
    const early = path.precheck(busy);
    if (early) {
      ack(early);
      return;
    }
    const parsed = path.parse(payload);
    if (!parsed.ok) {
      ack(parsed);
      return;
    }
    if (path.oneAtATime === true) busy = true;
    void admitted
      .then((ok) => (ok ? path.call(parsed.input, ack) : undefined))
      .catch((error: unknown) => {
        const answer = path.failed(error);
        if (answer) ack(answer);
      })
      .finally(() => {
        busy = false;
      });
  });
}

function asAck(candidate: unknown): Ack {
  return typeof candidate === 'function'
    ? (candidate as Ack)
    : () => {
        // A client that asked for no acknowledgement gets none.
      };
}

function jsonSize(payload: unknown): number {
  try {
    // JSON.stringify(undefined) is undefined at run time, whatever its declared type says.
    const text = JSON.stringify(payload) as string | undefined;
    return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
