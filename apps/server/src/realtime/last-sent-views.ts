import type { SentViews } from './step-messages.js';

/** Games whose last sent views this process keeps to diff the next step against. */
const MAX_SENT_GAMES = 1000;

/**
 * The views this process last sent of each running game, which the next step's patches are
 * made against: at most MAX_SENT_GAMES games, the one kept longest ago going first. A finished
 * game's are never kept (no step follows its last), and a game cut back loses its own.
 */
export class LastSentViews {
  readonly #byGame = new Map<string, SentViews>();

  get size(): number {
    return this.#byGame.size;
  }

  has(gameId: string): boolean {
    return this.#byGame.has(gameId);
  }

  get(gameId: string): SentViews | undefined {
    return this.#byGame.get(gameId);
  }

  /** Remembers the views last sent for a game (undefined: forget it), the newest games first. */
  keep(gameId: string, sent: SentViews | undefined): void {
    this.#byGame.delete(gameId);
    if (sent === undefined) return;
    if (this.#byGame.size >= MAX_SENT_GAMES) {
      const oldest = this.#byGame.keys().next();
      if (!oldest.done) this.#byGame.delete(oldest.value);
    }
    this.#byGame.set(gameId, sent);
  }
}
