import { apply, migrateState, view } from '@outer-rim/rules';
import type { GameView } from '@outer-rim/rules';
import { GameLogCorruptError } from './game-service.js';
import type { GameStore } from './game-store.js';

const DEFAULT_MAX_CACHED_VIEWS = 512;

/**
 * The spectator view of a game at any past seq, for replays of running games: rebuilt from the
 * newest snapshot at or before it plus the few stored actions after, so at most SNAPSHOT_EVERY - 1
 * actions are re-applied. A step of the log never changes once committed, so its view is cached
 * (least recently used first out) until an undo cuts the log back (`forget`).
 */
export class ReplayViews {
  readonly #cache = new Map<string, GameView>();
  /** how many views were rebuilt rather than served from the cache */
  rebuilt = 0;

  constructor(
    private readonly store: GameStore,
    private readonly maxCached = DEFAULT_MAX_CACHED_VIEWS,
  ) {}

  /** The spectator view right after action `seq`; the caller checks that seq is committed. */
  async at(gameId: string, seq: number): Promise<GameView> {
    const key = `${gameId}\u0000${String(seq)}`;
    const cached = this.#cache.get(key);
    if (cached !== undefined) {
      this.#remember(key, cached);
      return cached;
    }
    const snapshot = await this.store.snapshotAtOrBefore(gameId, seq);
    if (!snapshot) throw new GameLogCorruptError(gameId, seq, 'no snapshot at or before it');
    let state = migrateState(snapshot.state);
    let at = snapshot.seq;
    if (at < seq) {
      for (const stored of await this.store.actionsAfter(gameId, at, seq - at)) {
        if (stored.seq !== at + 1) {
          throw new GameLogCorruptError(gameId, stored.seq, `expected seq ${String(at + 1)}`);
        }
        const result = apply(state, stored.seat, stored.action);
        if (!result.ok) throw new GameLogCorruptError(gameId, stored.seq, result.error.message);
        state = result.state;
        at = stored.seq;
      }
    }
    if (at !== seq) throw new GameLogCorruptError(gameId, seq, 'the log ends before it');
    const spectatorView = view(state, 'spectator');
    this.rebuilt++;
    this.#remember(key, spectatorView);
    return spectatorView;
  }

  /** The game's log was cut back (an undo): its steps' views are rebuilt when next asked. */
  forget(gameId: string): void {
    const prefix = `${gameId}\u0000`;
    for (const key of [...this.#cache.keys()]) if (key.startsWith(prefix)) this.#cache.delete(key);
  }

  #remember(key: string, value: GameView): void {
    this.#cache.delete(key);
    if (this.#cache.size >= this.maxCached) {
      const oldest = this.#cache.keys().next();
      if (!oldest.done) this.#cache.delete(oldest.value);
    }
    this.#cache.set(key, value);
  }
}
