import type { ActionAck } from '@outer-rim/protocol';
import { isGameOver } from '@outer-rim/rules';
import type { GameState } from '@outer-rim/rules';
import { BoundedMap } from './bounded-map.js';
import { RecentSteps } from './recent-steps.js';
import type { Author, Step } from './recent-steps.js';
import { RefusalMemory } from './refusal-memory.js';

/** A game's head: the seq of its last step and the state after it. */
export interface Entry {
  seq: number;
  state: GameState;
}

const MAX_CACHED_GAMES = 1000;

/**
 * What this process holds of the games it runs, three parts with three lifetimes. The head of
 * each running game, at most MAX_CACHED_GAMES of them (the one remembered longest ago goes
 * first) and never a finished one. The last few steps of each game held, for judging actions
 * decided on a recent state: they come and go with its head. Refused client ids, answered the
 * same when sent again: they outlive an evicted head (the game reloaded answers them alike) and
 * go when the game ends or its log is cut back (`forget`).
 */
export class GameCache {
  readonly #steps = new RecentSteps();
  readonly #heads = new BoundedMap<string, Entry>(MAX_CACHED_GAMES, (gameId) => {
    this.#steps.forget(gameId);
  });
  readonly #refusals = new RefusalMemory();

  get size(): number {
    return this.#heads.size;
  }

  has(gameId: string): boolean {
    return this.#heads.has(gameId);
  }

  get(gameId: string): Entry | undefined {
    return this.#heads.get(gameId);
  }

  heads(): IterableIterator<[string, Entry]> {
    return this.#heads.entries();
  }

  /** The game's new head, and its step (by whom, when known); a finished game is let go instead. */
  remember(gameId: string, entry: Entry, by?: Author): void {
    if (isGameOver(entry.state)) {
      // Nothing can follow the last step, and its listeners are handed the state itself. Whoever
      // asks for a finished game later (a late viewer, a resync, a stray action) reads it back
      // from its final snapshot; kept, every game that ended would stay until a thousand more had.
      this.forget(gameId);
      return;
    }
    this.#heads.set(gameId, entry);
    this.#steps.remember(gameId, entry.seq, entry.state, by);
  }

  /** A step passed on the way to a head (a catch-up from the log). */
  rememberStep(gameId: string, seq: number, state: GameState, by: Author | undefined): void {
    this.#steps.remember(gameId, seq, state, by);
  }

  stepsOf(gameId: string): ReadonlyMap<number, Step> | undefined {
    return this.#steps.of(gameId);
  }

  /** The answer a refused client id (`seat\0clientId`) was given, if it was refused. */
  refusal(gameId: string, key: string): ActionAck | undefined {
    return this.#refusals.get(gameId, key);
  }

  rememberRefusal(gameId: string, key: string, ack: ActionAck): void {
    this.#refusals.remember(gameId, key, ack);
  }

  /** The next read of the game loads it from the log; its remembered refusals still hold. */
  evict(gameId: string): void {
    this.#heads.delete(gameId);
    this.#steps.forget(gameId);
  }

  /** Everything of the game goes: it ended, or its log was cut back. */
  forget(gameId: string): void {
    this.evict(gameId);
    this.#refusals.forget(gameId);
  }
}
