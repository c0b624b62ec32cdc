import { directSocket, textFrame, writeMessage } from './direct-frames.js';
import type { EngineConnection } from './direct-frames.js';

/** The frames held for a connection, on the connection itself (every one has the same shape). */
const HELD = Symbol('held updates');
interface Holding extends EngineConnection {
  [HELD]?: { frames: Buffer[]; packets: string[] } | undefined;
}

/**
 * The updates of a viewer a step asks nothing of, held up to `delayMs`, so that a busy table's
 * steps reach it several to a write: one system call and one wake-up of the client for all of
 * them, where each step cost one of each per viewer. Whoever a step asks to decide, or asked
 * before it, or who acted, is written to at once (`writeNow`), and so is every other message to a
 * connection (an ack, a state, a chat line, an error): each first lets out what waits for that
 * connection (`letOut`, called by `writeDirectly` before it writes), so nothing overtakes what
 * was held before it. Colyseus sends its patches so, at a rate (every 50 ms by default); here
 * only the viewers nobody waits for wait.
 */
export class HeldWrites {
  /** the connections held for since the last `letOutAll`, in order (some let out since) */
  #conns: Holding[] = [];
  #timer: NodeJS.Timeout | undefined;

  /** `delayMs` 0 holds nothing. */
  constructor(readonly delayMs: number) {}

  /** How many connections have updates waiting. */
  get size(): number {
    return new Set(this.#conns.filter((conn) => conn[HELD] !== undefined)).size;
  }

  /**
   * `packet` (a socket.io packet) to each of `conns` now, framed once for all of them, in one
   * write with whatever waits for each.
   */
  writeNow(conns: readonly EngineConnection[], packet: string): void {
    writeMessage(conns, packet, (conn) => this.#take(conn)?.frames);
  }

  /** `packet` to each of `conns` within `delayMs`, with whatever else waits for each. */
  writeSoon(conns: readonly EngineConnection[], packet: string): void {
    if (this.delayMs === 0) {
      this.writeNow(conns, packet);
      return;
    }
    // Framed now, once for all; where the frames can go is asked when they go (`letOut`).
    const frame = textFrame(`4${packet}`);
    for (const conn of conns as readonly Holding[]) {
      const held = conn[HELD];
      if (held === undefined) {
        conn[HELD] = { frames: [frame], packets: [packet] };
        this.#conns.push(conn);
      } else {
        held.frames.push(frame);
        held.packets.push(packet);
      }
    }
    if (this.#conns.length > 0 && this.#timer === undefined) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
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
    const held = this.#take(conn);
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

  /** What waits for `conn`, no longer held. */
  #take(conn: EngineConnection): { frames: Buffer[]; packets: string[] } | undefined {
    const holding = conn as Holding;
    const held = holding[HELD];
    if (held !== undefined) holding[HELD] = undefined;
    return held;
  }

  /** Writes everything that waits. */
  letOutAll(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const conns = this.#conns;
    this.#conns = [];
    for (const conn of conns) this.letOut(conn);
  }
}
