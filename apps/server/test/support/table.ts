import type { BackendKind, Backend } from './backends.js';
import { prepareBackend } from './backends.js';
import { fullLobby, startGame } from './play.js';
import type { SeatedGame } from './play.js';
import { Client, startServer } from './server.js';
import type { RunningServer } from './server.js';

/** Every seat's own socket, each once it holds its first `state`. */
export async function connectSeats(url: string, game: SeatedGame): Promise<Client[]> {
  const seats = await Promise.all(
    game.tokens.map((token) => Client.connect(url, { gameId: game.gameId, token })),
  );
  for (const c of seats) await c.waitFor(() => c.states.length > 0);
  return seats;
}

/**
 * Every seat's socket and a spectator's, each once it holds its first `state`. The spectator may
 * watch through another server than the one the seats play on.
 */
export async function joinTable(
  url: string,
  game: SeatedGame,
  spectatorUrl = url,
): Promise<{ seats: Client[]; spectator: Client }> {
  const [seats, spectator] = await Promise.all([
    connectSeats(url, game),
    Client.connect(spectatorUrl, { gameId: game.gameId }),
  ]);
  await spectator.waitFor(() => spectator.states.length > 0);
  return { seats, spectator };
}

export interface Table {
  backend: Backend;
  server: RunningServer;
  game: SeatedGame;
  seats: Client[];
  spectator: Client;
  /** closes the sockets and the server, then drops the database */
  close(): Promise<void>;
}

/**
 * A started three-seat game on its own server and fresh database, with every seat and one
 * spectator connected: the common ground of the tests that play one game through many checks.
 */
export async function openTable(
  kind: BackendKind,
  tag: string,
  overrides: Record<string, string> = {},
): Promise<Table> {
  const backend = await prepareBackend(kind, tag);
  const server = await startServer(backend.config(overrides));
  const game = await fullLobby(server.url, 3);
  await startGame(server.url, game);
  const { seats, spectator } = await joinTable(server.url, game);
  return {
    backend,
    server,
    game,
    seats,
    spectator,
    close: async () => {
      for (const c of [...seats, spectator]) c.close();
      await server.close();
      await backend.dispose();
    },
  };
}
