import { BoundedMap } from '../games/bounded-map.js';
import type { SentViews } from './step-messages.js';

/** Games whose last sent views this process keeps to diff the next step against. */
const MAX_SENT_GAMES = 1000;

/**
 * The views this process last sent of each running game, which the next step's patches are
 * made against: at most MAX_SENT_GAMES games, the one kept longest ago going first. A finished
 * game's are never kept (no step follows its last), and a game cut back loses its own.
 */
export class LastSentViews extends BoundedMap<string, SentViews> {
  constructor() {
    super(MAX_SENT_GAMES);
  }

  /** Remembers the views last sent for a game (undefined: forget it), the newest games first. */
  keep(gameId: string, sent: SentViews | undefined): void {
    if (sent === undefined) this.delete(gameId);
    else this.set(gameId, sent);
  }
}
