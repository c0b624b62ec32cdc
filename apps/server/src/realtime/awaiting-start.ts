import type { GameSocket } from './socket-server.js';

/**
 * The sockets of each game that connected while it was still in its lobby and have not had a
 * state since. A game's start reaches a process as a notice that may overtake, or be overtaken
 * by, a connection's own look at the lobby; whichever comes second sends the state, so a viewer
 * who joins at the moment of the start is never left without one.
 */
export class AwaitingStart {
  readonly #byGame = new Map<string, Set<GameSocket>>();

  add(socket: GameSocket): void {
    const { gameId } = socket.data;
    let waiting = this.#byGame.get(gameId);
    if (waiting === undefined) {
      waiting = new Set();
      this.#byGame.set(gameId, waiting);
    }
    waiting.add(socket);
    socket.once('disconnect', () => {
      this.remove(socket);
    });
  }

  remove(socket: GameSocket): void {
    const waiting = this.#byGame.get(socket.data.gameId);
    waiting?.delete(socket);
    if (waiting?.size === 0) this.#byGame.delete(socket.data.gameId);
  }

  /** The game's waiting sockets, no longer waiting: the caller sends each its state. */
  take(gameId: string): GameSocket[] {
    const waiting = [...(this.#byGame.get(gameId) ?? [])];
    this.#byGame.delete(gameId);
    return waiting;
  }

  /** Everyone of the game here just got a state from a broadcast. */
  clear(gameId: string): void {
    this.#byGame.delete(gameId);
  }
}
