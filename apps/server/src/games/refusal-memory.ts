import type { ActionAck } from '@outer-rim/protocol';

const MAX_REMEMBERED_REFUSALS = 10_000;

/**
 * Refused client ids answer the same refusal when sent again, without re-running the rules: per
 * game, so that a game that ends takes its refusals with it; `seat\0clientId` -> answer. Bounded
 * over all games: past the limit, the game first refused longest ago loses its oldest.
 */
export class RefusalMemory {
  readonly #refusals = new Map<string, Map<string, ActionAck>>();
  #count = 0;

  get(gameId: string, key: string): ActionAck | undefined {
    return this.#refusals.get(gameId)?.get(key);
  }

  remember(gameId: string, key: string, ack: ActionAck): void {
    if (this.#refusals.get(gameId)?.has(key) !== true) {
      if (this.#count >= MAX_REMEMBERED_REFUSALS) {
        const oldest = this.#refusals.entries().next();
        if (!oldest.done) {
          const [oldestGame, refusals] = oldest.value;
          const first = refusals.keys().next();
          if (!first.done) refusals.delete(first.value);
          if (refusals.size === 0) this.#refusals.delete(oldestGame);
          this.#count--;
        }
      }
      this.#count++;
    }
    let refusals = this.#refusals.get(gameId);
    if (!refusals) {
      refusals = new Map();
      this.#refusals.set(gameId, refusals);
    }
    refusals.set(key, ack);
  }

  forget(gameId: string): void {
    this.#count -= this.#refusals.get(gameId)?.size ?? 0;
    this.#refusals.delete(gameId);
  }
}
