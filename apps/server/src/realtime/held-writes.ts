import { directSocket, textFrames, writeMessage } from './direct-frames.js';
import type { EngineConnection } from './direct-frames.js';

/**
 * What waits for a connection: its socket.io packets, framed when they go. Held as frames, each
 * kept a slab of Node's buffer pool alive for up to 50 ms, and the server marked its old
 * generation twice as often.
 */
interface Held {
  packets: string[];
}

/** The updates held for a connection, on the connection itself (every one has the same shape). */
const HELD = Symbol('held updates');
interface Holding extends EngineConnection {
  [HELD]?: Held | undefined;
}

/**
 * The updates of a viewer nobody waits for, held up to `delayMs`, so that a busy table's steps
 * reach it several to a write: one system call and one wake-up of the client for all of them,
 * where each step cost one of each per viewer. The seat that acted and each seat whose decision
 * a step changed are written to at once (`writeNow`), and so is every other message to a
 * connection (an ack, a state, a chat line, an error): each first lets out what waits for that
 * connection (`letOut`, called by `writeDirectly` before it writes), so nothing overtakes what
 * was held before it. Colyseus sends its patches so, at a rate (every 50 ms by default); here
 * only the viewers nobody waits for wait.
 */
export class HeldWrites {
  /**
   * The connections held for since the last `letOutAll`, in order, each with what it held then
   * (something may have let that out since, and it may hold another).
   */
  #holds: { conn: Holding; held: Held }[] = [];
  #timer: NodeJS.Timeout | undefined;

  /** `delayMs` 0 holds nothing. */
  constructor(readonly delayMs: number) {}

  /** How many connections have updates waiting. */
  get size(): number {
    return this.#holds.filter(({ conn, held }) => conn[HELD] === held).length;
  }

  /**
   * `packet` (a socket.io packet) to each of `conns` now, framed once for all of them, in one
   * write with whatever waits for each.
   */
  writeNow(conns: readonly EngineConnection[], packet: string): void {
    writeMessage(conns, packet, (conn) => take(conn)?.packets);
  }

  /**
   * `packet` to each of `conns` within `delayMs`, with whatever else waits for each. Everything
   * held goes out together, `delayMs` after the first of it: one timer for all the tables, so a
   * server that is not busy wakes up once a window rather than once per viewer.
   */
  writeSoon(conns: readonly EngineConnection[], packet: string): void {
    if (this.delayMs === 0) {
      this.writeNow(conns, packet);
      return;
    }
    for (const conn of conns as readonly Holding[]) {
      const held = conn[HELD];
      if (held === undefined) {
        const begun = { packets: [packet] };
        conn[HELD] = begun;
        this.#holds.push({ conn, held: begun });
      } else {
        held.packets.push(packet);
      }
    }
    if (this.#holds.length > 0 && this.#timer === undefined) {
      this.#timer = setTimeout(() => {
        this.letOutAll();
      }, this.delayMs);
      this.#timer.unref();
    }
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
      socket.write(textFrames(held.packets.map((packet) => `4${packet}`)));
      return;
    }
    for (const packet of held.packets) conn.write(packet);
  }

  /** Writes everything that waits. */
  letOutAll(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const holds = this.#holds;
    this.#holds = [];
    for (const { conn, held } of holds) if (conn[HELD] === held) this.letOut(conn);
  }
}

/** What waits for `conn`, no longer held. */
function take(conn: EngineConnection): Held | undefined {
  const holding = conn as Holding;
  const held = holding[HELD];
  if (held !== undefined) holding[HELD] = undefined;
  return held;
}
