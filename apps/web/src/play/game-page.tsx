import { isGameOver, type Action, type GameEvent, type GameView } from '@outer-rim/rules';
import { useEffect, useRef, useState } from 'preact/hooks';
import { AlertSettingsPanel } from '../alerts/alert-settings-panel';
import { loadAlertSettings, NO_ALERTS, saveAlertSettings } from '../alerts/alert-settings';
import { useTurnAlert } from '../alerts/use-turn-alert';
import { PauseVote } from '../clocks/pause-vote';
import { UndoControl } from './undo-control';
import { TurnClocks } from '../clocks/turn-clocks';
import { SeatLobby } from '../lobby/seat-lobby';
import { useDiceShare } from '../lobby/use-dice-share';
import { Api, ApiError } from '../net/api';
import { clientConfig } from '../net/client-config';
import {
  GameConnection,
  NO_STATE_ERROR,
  type ConnectionStatus,
  type StateWaitOutcome,
} from '../net/connection';
import type { GameRecord, UndoNotice } from '../net/protocol';
import { forgetSeat, loadSeat, saveSeat, type StoredSeat } from '../net/seat-tokens';
import { routeHref } from '../route';
import { ConnectionBanner } from '../ui/connection-banner';
import { InviteLink } from '../ui/invite-link';
import { SeedBadge } from '../ui/seed-badge';
import { GameStory } from '../story/game-story';
import { EndScreen } from './end/end-screen';
import {
  dismissNotice,
  emptyChat,
  openChannel,
  receive,
  receiveSpectator,
  type ChatState,
  type SpectatorLine,
} from './chat';
import { applyUpdate, fromState, mergeLog, type LiveGame } from './live-game';
import { Table } from './table';
import { refusalText } from './refusal-words';

const api = new Api();

/** One game: its lobby until it starts, then the live table; the socket stays open throughout. */
export function GamePage({ gameId }: { gameId: string }) {
  const [record, setRecord] = useState<GameRecord | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);
  const [stored, setStored] = useState<StoredSeat | undefined>(() =>
    loadSeat(localStorage, gameId),
  );
  const [status, setStatus] = useState<ConnectionStatus>({ kind: 'connecting' });
  const [undoNotice, setUndoNotice] = useState<UndoNotice | undefined>(undefined);
  const [live, setLive] = useState<LiveGame | undefined>(undefined);
  const [chat, setChat] = useState<ChatState>(emptyChat);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [presence, setPresence] = useState<readonly boolean[] | undefined>(undefined);
  const [stateWait, setStateWait] = useState<StateWaitOutcome | undefined>(undefined);
  const [spectatorLines, setSpectatorLines] = useState<readonly SpectatorLine[]>([]);
  // A seat token the server refused: the page watches as a spectator and says why.
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const connection = useRef<GameConnection | undefined>(undefined);
  const liveRef = useRef<LiveGame | undefined>(undefined);
  const seatToken = refusal === undefined ? stored : undefined;
  const me = seatToken?.seat;
  const [alerts, setAlerts] = useState(() =>
    me === undefined ? NO_ALERTS : loadAlertSettings(localStorage, gameId, me),
  );
  const shareError = useDiceShare(api, gameId, record, seatToken !== undefined);
  useTurnAlert(
    gameId,
    live?.view,
    typeof live?.viewer === 'number' ? live.viewer : undefined,
    alerts,
  );

  useEffect(() => {
    api.getGame(gameId).then(setRecord, (error: unknown) => {
      setLoadError(error instanceof ApiError ? error.message : 'The game could not be loaded.');
    });
  }, [gameId]);

  useEffect(() => {
    let historyLoaded = false;
    const setGame = (game: LiveGame) => {
      liveRef.current = game;
      setLive(game);
    };
    const conn = new GameConnection(
      {
        gameId,
        ...(seatToken === undefined ? {} : { token: seatToken.token }),
        lastSeq: () => liveRef.current?.seq ?? 0,
        ...clientConfig(location.search),
      },
      {
        status: (next) => {
          if (next.kind === 'refused' && seatToken !== undefined) {
            // Not the pre-start lobby with buttons that fail: the spectator view, and why.
            setRefusal(next.message);
            return;
          }
          setStatus(next);
        },
        presence: (message) => {
          setPresence(message.seats);
        },
        stateWait: setStateWait,
        spectatorChat: (message) => {
          setSpectatorLines((lines) => receiveSpectator(lines, message));
        },
        undo: setUndoNotice,
        lobby: (message) => {
          setRecord(message.game);
        },
        state: (message) => {
          // What the notice waited for has come: it clears itself.
          setNotice((shown) => (shown === NO_STATE_ERROR.message ? undefined : shown));
          setGame(
            fromState(
              {
                seq: message.seq,
                viewer: message.viewer,
                view: message.view as GameView,
              },
              liveRef.current,
            ),
          );
          if (!historyLoaded) {
            historyLoaded = true;
            // What happened before this page opened comes from the public log.
            api.actionLog(gameId).then(
              (history) => {
                const current = liveRef.current;
                if (current === undefined) return;
                const entries = history.entries.map((e) => ({
                  seq: e.seq,
                  seat: e.seat,
                  events: e.events as GameEvent[],
                }));
                setGame({ ...current, log: mergeLog(current.log, entries) });
              },
              () => {
                historyLoaded = false;
              },
            );
          }
        },
        update: (message) => {
          const current = liveRef.current;
          if (current === undefined) {
            conn.resync();
            return;
          }
          const outcome = applyUpdate(current, {
            seq: message.seq,
            seat: message.seat,
            events: message.events as GameEvent[],
            hash: message.hash,
            ...(message.patch === undefined ? {} : { patch: message.patch }),
            ...(message.view === undefined ? {} : { view: message.view as GameView }),
            ...(message.seed === undefined ? {} : { seed: message.seed }),
          });
          if (outcome.kind === 'applied') setGame(outcome.game);
          else if (outcome.kind === 'gap' || outcome.kind === 'mismatch') conn.resync();
        },
        chat: (message) => {
          setChat((state) => receive(state, message, seatToken?.seat));
        },
        gameError: (message) => {
          setNotice(message.message);
        },
        missed: (entries) => {
          const current = liveRef.current;
          if (current === undefined) return;
          const log = entries.map((e) => ({ ...e, events: e.events as GameEvent[] }));
          setGame({ ...current, log: mergeLog(current.log, log) });
        },
      },
    );
    connection.current = conn;
    return () => {
      conn.close();
      connection.current = undefined;
    };
  }, [gameId, seatToken]);

  useEffect(() => {
    const line = chat.notice;
    if (line === undefined) return;
    const from = live?.view.players[line.from]?.name ?? record?.seats[line.from]?.name ?? 'someone';
    setNotice(`New private message from ${from}`);
  }, [chat.notice]);

  const claimed = (seat: StoredSeat) => {
    saveSeat(localStorage, gameId, seat);
    setStored(seat);
  };

  const leaveSeat = () => {
    forgetSeat(localStorage, gameId);
    setStored(undefined);
    setRefusal(undefined);
  };

  const onAct = async (action: Action): Promise<string | undefined> => {
    const conn = connection.current;
    if (conn === undefined) return 'Not connected.';
    const ack = await conn.sendAction(action, liveRef.current?.seq);
    if (ack.ok) return undefined;
    if (ack.error.code === 'STALE_STATE') {
      // Decided on a screen that is out of date (another tab acted, or the question changed):
      // nothing was applied. The refusal names the state it was judged on, which this screen
      // shows already or whose update is on its way; without it, fetch the current state.
      if (ack.seq === undefined) conn.resync();
      return `Not applied: the game moved on since you chose. ${ack.error.message}`;
    }
    return refusalText(ack.error);
  };

  const onSpectatorChat = async (name: string, text: string): Promise<string | undefined> => {
    const conn = connection.current;
    if (conn === undefined) return 'Not connected.';
    const ack = await conn.sendSpectatorChat(name, text);
    return ack.ok ? undefined : ack.error.message;
  };

  const onChat = async (text: string, to: number | undefined): Promise<string | undefined> => {
    const conn = connection.current;
    if (conn === undefined) return 'Not connected.';
    const ack = await conn.sendChat(text, to);
    return ack.ok ? undefined : ack.error.message;
  };

  if (loadError !== undefined) {
    return (
      <main class="page">
        <p class="error">{loadError}</p>
        <a href={routeHref({ page: 'lobby' })}>Back to the lobby</a>
      </main>
    );
  }

  return (
    <main
      class={`page game-page${live !== undefined && !isGameOver(live.view) ? ' at-table' : ''}`}
      data-state-wait={stateWait}
    >
      <ConnectionBanner status={status} />
      {refusal === undefined ? null : (
        <div class="banner error" role="alert" data-testid="seat-refused">
          The server refused the seat saved in this browser: {refusal} You are watching as a
          spectator.{' '}
          <button type="button" onClick={leaveSeat}>
            Forget that seat
          </button>
        </div>
      )}
      {notice === undefined ? null : (
        <div class="toast" role="status" data-testid="notice">
          {notice}{' '}
          <button
            type="button"
            class="link"
            onClick={() => {
              setNotice(undefined);
              setChat((state) => dismissNotice(state));
            }}
          >
            dismiss
          </button>
        </div>
      )}
      <header class="game-header">
        <a href={routeHref({ page: 'lobby' })}>← Lobby</a>
        <a href={routeHref({ page: 'rules' })}>About the rules</a>
        <span>
          Game <code>{gameId}</code>
        </span>
        {record === undefined || record.status === 'lobby' ? null : (
          <a href={routeHref({ page: 'replay', gameId })}>Replay</a>
        )}
        {record === undefined ? null : (
          <SeedBadge commitment={record.seedCommitment} seed={record.seed} />
        )}
        {me === undefined || seatToken === undefined || live === undefined ? null : (
          <AlertSettingsPanel
            api={api}
            gameId={gameId}
            token={seatToken.token}
            settings={alerts}
            onChange={(next) => {
              saveAlertSettings(localStorage, gameId, me, next);
              setAlerts(next);
            }}
          />
        )}
      </header>
      {record !== undefined && inviting(record, seatToken !== undefined) ? (
        <InviteLink gameId={gameId} />
      ) : null}
      {live === undefined ? (
        record === undefined ? (
          <p>Loading…</p>
        ) : (
          <SeatLobby
            record={record}
            stored={seatToken}
            api={api}
            onClaimed={claimed}
            onLeft={leaveSeat}
            presence={presence}
            shareError={shareError}
          />
        )
      ) : (
        <>
          {record === undefined || isGameOver(live.view) ? null : (
            <PauseVote
              api={api}
              gameId={gameId}
              seq={live.seq}
              token={seatToken?.token}
              names={record.seats.map((s) => s.name ?? '')}
            />
          )}
          {record === undefined ||
          seatToken === undefined ||
          live.viewer === 'spectator' ||
          isGameOver(live.view) ? null : (
            <UndoControl
              api={api}
              gameId={gameId}
              seq={live.seq}
              token={seatToken.token}
              me={live.viewer}
              names={record.seats.map((s) => s.name ?? '')}
              notice={undoNotice}
            />
          )}
          {record?.options['turnClock'] === undefined ? null : (
            <TurnClocks
              api={api}
              gameId={gameId}
              seq={live.seq}
              names={record.seats.map((s) => s.name ?? '')}
            />
          )}
          <EndScreen
            view={live.view}
            gameId={gameId}
            seed={live.seed ?? record?.seed ?? undefined}
            record={record}
          />
          {live.viewer === 'spectator' && !isGameOver(live.view) ? (
            <GameStory gameId={gameId} view={live.view} />
          ) : null}
          <Table
            view={live.view}
            seq={live.seq}
            seat={typeof live.viewer === 'number' ? live.viewer : undefined}
            log={live.log}
            chat={chat}
            onAct={onAct}
            onOpenChannel={(channel) => {
              setChat((state) => openChannel(state, channel, me));
            }}
            onChat={onChat}
            presence={presence}
            seats={record?.seats}
            spectators={
              live.viewer === 'spectator' || isGameOver(live.view) ? spectatorLines : undefined
            }
            onSendSpectator={onSpectatorChat}
          />
        </>
      )}
    </main>
  );
}

/**
 * The invite link, for whoever may pass it on: a seated player until the game ends; a
 * spectator only while a seat is free to take (a full game has no one to invite).
 */
function inviting(record: GameRecord, seated: boolean): boolean {
  if (record.status === 'over') return false;
  if (seated) return true;
  return record.status === 'lobby' && record.seats.some((s) => !s.taken);
}
