import { decisions, legalActions } from '@outer-rim/rules';
import type { Action, GameView } from '@outer-rim/rules';
import type { ClaimSeatResponse, CreateGameResponse, ActionAck } from '@outer-rim/protocol';
import { http } from './server.js';
import type { Client } from './server.js';

export interface SeatedGame {
  gameId: string;
  tokens: string[];
}

/** A game in the lobby with every seat claimed and ready, not started. */
export async function fullLobby(
  url: string,
  playerCount: number,
  options: Record<string, unknown> = {},
): Promise<SeatedGame> {
  const created = await http<CreateGameResponse>(url, 'POST', '/api/games', {
    name: 'Seat0',
    options: { playerCount, ...options },
  });
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const { gameId } = created.body;
  const tokens = [created.body.token];
  for (let seat = 1; seat < playerCount; seat++) {
    const claim = await http<ClaimSeatResponse>(url, 'POST', `/api/games/${gameId}/seats`, {
      name: `Seat${seat}`,
      seat,
    });
    tokens.push(claim.body.token);
    await http(url, 'PATCH', `/api/games/${gameId}/seats/me`, { ready: true }, claim.body.token);
  }
  return { gameId, tokens };
}

export async function startGame(url: string, game: SeatedGame): Promise<void> {
  const started = await http(
    url,
    'POST',
    `/api/games/${game.gameId}/start`,
    undefined,
    game.tokens[0],
  );
  if (started.status !== 200) throw new Error(`start failed: ${JSON.stringify(started.body)}`);
}

/** Ending actions first, so a game with a round limit of 1 ends in a few dozen steps. */
const rank = (action: Action) =>
  action.type.startsWith('end-') || action.type.startsWith('pass') ? 0 : 1;

/** One of a seat's legal actions, one that ends or passes where there is one. */
export function quietAction(view: GameView, seat: number): Action | undefined {
  return [...legalActions(view, seat)].sort((a, b) => rank(a) - rank(b))[0];
}

/** The next move as a player sees it: who owes a decision, and one of its legal actions. */
export function nextMove(seatViews: GameView[]): { seat: number; action: Action } | undefined {
  const anyView = seatViews[0];
  if (!anyView) return undefined;
  for (const decision of decisions(anyView)) {
    const own = seatViews[decision.seat];
    if (!own) continue;
    const action = quietAction(own, decision.seat);
    if (action) return { seat: decision.seat, action };
  }
  return undefined;
}

/**
 * Each seat's quiet action as decided on the view its client holds now, to send later (by this
 * client or another of the same seat's) as decided on that view's seq: the old tab of the
 * staleness tests. `seq` overrides the seq it says it was decided on.
 */
export function decidedNow(seats: Client[]): {
  basis: number;
  send: (client: Client, seat: number, id: string, seq?: number) => Promise<ActionAck>;
} {
  const basis = seats[0]?.latest?.seq ?? 0;
  const views = seats.map((c) => c.latest?.view as GameView);
  return {
    basis,
    send: (client, seat, id, seq = basis) =>
      client.send('action', { id, action: quietAction(views[seat] as GameView, seat), seq }),
  };
}

/** Plays until at least two seats owe a decision at once (or 80 moves); the seats that owe. */
export async function playUntilTwoOwe(seats: Client[], watchers: Client[]): Promise<number[]> {
  const owing = () => {
    const view = seats[0]?.latest?.view as GameView;
    return [...new Set(decisions(view).map((d) => d.seat))];
  };
  for (let i = 0; i < 80 && owing().length < 2; i++) {
    await playMoves(seats, watchers, 1, `warm-${String(i)}`);
  }
  return owing();
}

/**
 * Resolves once each of `clients` holds the newest step any of them holds: an action sent outside
 * `playMoves` reached the seat that sent it at once, while the others' updates may still be held
 * (`IDLE_UPDATE_MS`), and a move chosen from their views then would be chosen from an older state.
 */
export async function caughtUp(clients: Client[]): Promise<void> {
  const newest = Math.max(...clients.map((c) => c.latest?.seq ?? -1));
  await Promise.all(clients.map((c) => c.waitFor(() => (c.latest?.seq ?? -1) >= newest)));
}

/**
 * Plays through the protocol: each move is sent by the seat's own socket, chosen from that seat's
 * own latest view, and the next one waits until every listed client saw the update. The first
 * waits until they are `caughtUp`.
 */
export async function playMoves(
  seats: Client[],
  watchers: Client[],
  maxMoves: number,
  clientIdPrefix = 'move',
): Promise<{ seq: number; acks: ActionAck[] }> {
  const acks: ActionAck[] = [];
  const everyone = [...seats, ...watchers];
  await caughtUp(everyone);
  let seq = seats[0]?.latest?.seq ?? 0;
  for (let i = 0; i < maxMoves; i++) {
    const views = seats.map((c) => c.latest?.view as GameView);
    const move = nextMove(views);
    if (!move) break;
    const client = seats[move.seat];
    if (!client) throw new Error(`no client for seat ${move.seat}`);
    const ack = await client.send('action', { id: `${clientIdPrefix}-${i}`, action: move.action });
    acks.push(ack);
    if (!ack.ok) throw new Error(`move refused: ${JSON.stringify(ack.error)}`);
    seq = ack.seq;
    await Promise.all(everyone.map((c) => c.waitFor(() => (c.latest?.seq ?? -1) >= ack.seq)));
  }
  return { seq, acks };
}
