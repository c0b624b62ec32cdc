import type { ChatLineOut } from './chat-once.js';
import type { Viewer } from '@outer-rim/rules';
import type {
  ChatMessage,
  GameErrorMessage,
  LobbyMessage,
  PresenceMessage,
  SpectatorChatMessage,
  UndoNotice,
} from '@outer-rim/protocol';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { Config } from '../config/config.js';
import { corsOption } from '../config/cors.js';
import type { ReleasedSeat } from '../lobby/lobby-service.js';
import { lenientParser } from './parser.js';
import type { Encoded } from './parser.js';

// The Socket.io server's shape: what each side sends, what a connection carries, the rooms a
// connection joins, and the WebSocket server under it.

export interface SocketData {
  gameId: string;
  viewer: Viewer;
  /** a seat's connection: the hash of the token it joined with */
  tokenHash: string | undefined;
  /** a seat's connection: the holding of the seat it joined (private chat is the holding's) */
  holding: string | undefined;
}

export type Incoming = (payload: unknown, ack: unknown) => void;
export interface ClientToServer {
  action: Incoming;
  resync: Incoming;
  chat: Incoming;
  'spectator-chat': Incoming;
}
export interface ServerToClient {
  /** a StateMessage, serialised once */
  state: (message: Encoded) => void;
  /** an UpdateMessage, serialised once per viewer */
  update: (message: Encoded) => void;
  lobby: (message: LobbyMessage) => void;
  chat: (message: ChatMessage) => void;
  'game-error': (message: GameErrorMessage) => void;
  presence: (message: PresenceMessage) => void;
  'spectator-chat': (message: SpectatorChatMessage) => void;
  undo: (message: UndoNotice) => void;
}
export interface BetweenServers {
  committed: (notice: { gameId: string; seq: number }) => void;
  'seat-released': (released: ReleasedSeat) => void;
  /** a process cut a game's log back (an undo) */
  rewound: (notice: { gameId: string }) => void;
  /** a chat line for the connections of these rooms on each process (realtime/chat-once.ts) */
  'chat-line': (notice: { rooms: string[]; out: ChatLineOut }) => void;
}
export type GameServer = Server<ClientToServer, ServerToClient, BetweenServers, SocketData>;
export type GameSocket = Socket<ClientToServer, ServerToClient, BetweenServers, SocketData>;

/**
 * The transport's own ceiling on one message, above MESSAGE_LIMIT: between the two a message is
 * refused with PAYLOAD_TOO_LARGE and the connection stays; above it the message is not read at
 * all and the connection is closed (WebSocket close code 1009, reason PAYLOAD_TOO_LARGE).
 */
export const transportLimit = (messageLimit: number) => Math.max(messageLimit * 8, 1_000_000);

/**
 * The WebSocket server engine.io runs, but a connection closed for a message over the transport
 * limit says why: close code 1009 (message too big) with the reason PAYLOAD_TOO_LARGE.
 */
export class CodedWebSocketServer extends WebSocketServer {
  override handleUpgrade(...args: Parameters<WebSocketServer['handleUpgrade']>): void {
    const [request, socket, head, callback] = args;
    super.handleUpgrade(request, socket, head, (ws: WebSocket, req) => {
      const close = ws.close.bind(ws);
      ws.close = (code?: number, reason?: string | Buffer) => {
        close(code, code === 1009 && reason === undefined ? 'PAYLOAD_TOO_LARGE' : reason);
      };
      callback(ws, req);
    });
  }
}

/** The Socket.io server of live games on `httpServer`, on the coded WebSocket server. */
export function gameServer(httpServer: HttpServer, config: Config): GameServer {
  return new Server<ClientToServer, ServerToClient, BetweenServers, SocketData>(httpServer, {
    // The transport's own hard limit; anything between MESSAGE_LIMIT and this is refused with
    // a code instead of a dropped connection.
    maxHttpBufferSize: transportLimit(config.MESSAGE_LIMIT),
    wsEngine: CodedWebSocketServer,
    parser: lenientParser,
    serveClient: false,
    cors: corsOption(config.CORS_ORIGIN),
  });
}

export const roomOfGame = (gameId: string) => `game:${gameId}`;
/** Every connection that joined with one token: what a seat change must reach, on every process. */
export const roomOfToken = (gameId: string, tokenHash: string) =>
  `game:${gameId}:token:${tokenHash}`;
/** Every connection of one holder of a seat: where that holder's private chat goes. */
export const roomOfHolding = (gameId: string, holding: string) =>
  `game:${gameId}:holding:${holding}`;
export const roomOfViewer = (gameId: string, viewer: Viewer) =>
  viewer === 'spectator' ? `game:${gameId}:spectators` : `game:${gameId}:seat:${viewer}`;
