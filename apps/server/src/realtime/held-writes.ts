import { directSocket, textFrame, writeMessage } from './direct-frames.js';
import type { EngineConnection } from './direct-frames.js';

/** What waits for a connection: its frames, and their packets for engine.io's way. */
interface Held {
  frames: Buffer[];
  packets: string[];
}

/** The updates held for a connection, on the connection itself (every one has the same shape). */
const HELD = Symbol('held updates');
interface Holding extends EngineConnection {
  [HELD]?: Held | undefined;
}

/**
 * The updates of a viewer nobody waits for, held up to `delayMs` after the first of them, so that
 * a busy table's steps reach it several to a write: one system call and one wake-up of the client
 * for all of them, where each step cost one of each per viewer. The seat that acted and each seat
 * whose decision a step changed are written to at once (`writeNow`), and so is every other
 * message to a connection (an ack, a state, a chat line, an error): each first lets out what
 * waits for that connection (`letOut`, called by `writeDirectly` before it writes), so nothing
 * overtakes what was held before it. Colyseus sends its patches so, at a rate (every 50 ms by
 * default); here only the viewers nobody waits for wait.
 */
export class HeldWrites {
  /**
   * The holds begun, oldest first, each let out `delayMs` after it began unless something let it
   * out before (then its connection holds another, or nothing); `#next` is the first not yet due.
   */
  #queue: { conn: Holding; held: Held; due: number }[] = [];
  #next = 0;
  #timer: NodeJS.Timeout | undefined;

  /** `delayMs` 0 holds nothing. */
  constructor(readonly delayMs: number) {}

  /** How many connections have updates waiting. */
  get size(): number {
    return this.#queue.slice(this.#next).filter(({ conn, held }) => conn[HELD] === held).length;
  }

  /**
   * `packet` (a socket.io packet) to each of `conns` now, framed once for all of them, in one
   * write with whatever waits for each.
   */
  writeNow(conns: readonly EngineConnection[], packet: string): void {
    writeMessage(conns, packet, (conn) => take(conn)?.frames);
  }

  /** `packet` to each of `conns` within `delayMs`, with whatever else waits for each. */
  writeSoon(conns: readonly EngineConnection[], packet: string): void {
    if (this.delayMs === 0) {
      this.writeNow(conns, packet);
      return;
    }
    // Framed now, once for all; where the frames can go is asked when they go (`letOut`).
    const frame = textFrame(`4${packet}`);
    let now: number | undefined;
    for (const conn of conns as readonly Holding[]) {
      const held = conn[HELD];
      if (held === undefined) {
        const begun = { frames: [frame], packets: [packet] };
        conn[HELD] = begun;
        now ??= performance.now();
        this.#queue.push({ conn, held: begun, due: now + this.delayMs });
      } else {
        held.frames.push(frame);
        held.packets.push(packet);
      }
    }
    if (this.#timer === undefined) this.#arm();
  }

  /**
   * Writes what waits for `conn`, if anything does: in one write straight to its TCP socket, or
   * through engine.io where something of the connection waits there (a ping engine.io sent
   * meanwhile, say: whatever else was written to it let these out first), or on a long-polling
   * connection.
   */
  letOut(conn: EngineConnection): void {
    const held = take(conn);
    if (held === undefined) return;
    const socket = directSocket(conn);
    if (socket !== undefined) {
      socket.write(
        held.frames.length === 1 ? (held.frames[0] as Buffer) : Buffer.concat(held.frames),
      );
      return;
    }
    for (const packet of held.packets) conn.write(packet);
  }

  /** Writes everything that waits. */
  letOutAll(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const queue = this.#queue.slice(this.#next);
    this.#queue = [];
    this.#next = 0;
    for (const { conn, held } of queue) if (conn[HELD] === held) this.letOut(conn);
  }

  /** Lets out the holds that are due, then waits for the next one's time. */
  #letOutDue(): void {
    this.#timer = undefined;
    // Within a millisecond: a timer's time is whole milliseconds.
    const now = performance.now() + 1;
    const queue = this.#queue;
    while (this.#next < queue.length && (queue[this.#next]?.due ?? Infinity) <= now) {
      const { conn, held } = queue[this.#next] as (typeof queue)[number];
      this.#next++;
      if (conn[HELD] === held) this.letOut(conn);
    }
    if (this.#next === queue.length) {
      this.#queue = [];
      this.#next = 0;
    } else if (this.#next > 1024 && this.#next * 2 > queue.length) {
      this.#queue = queue.slice(this.#next);
      this.#next = 0;
    }
    this.#arm();
  }

  #arm(): void {
    const first = this.#queue[this.#next];
    if (first === undefined) return;
    this.#timer = setTimeout(
      () => {
        this.#letOutDue();
      },
      Math.max(0, first.due - performance.now()),
    );
    this.#timer.unref();
  }
}

/** What waits for `conn`, no longer held. */
function take(conn: EngineConnection): Held | undefined {
  const holding = conn as Holding;
  const held = holding[HELD];
  if (held !== undefined) holding[HELD] = undefined;
  return held;
}
