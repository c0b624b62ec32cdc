import { gameOverText, isGameOver, type GameView } from '@outer-rim/rules';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Board } from '../board/board';
import { Api, ApiError } from '../net/api';
import type { GameRecord } from '../net/protocol';
import type { LogEntry } from '../play/live-game';
import { LogPanel } from '../play/log-panel';
import { Icon } from '../ui/icons';
import { PlayersPanel } from '../play/players-panel';
import { routeHref } from '../route';
import { diceSeedOf } from '../net/seed-check';
import { SeedBadge } from '../ui/seed-badge';
import { loadPublicLog } from '../net/public-log';
import { GameStory } from '../story/game-story';
import { RemoteViews } from './remote-views';
import { buildReplay, startOptions, type Replay } from './replay-steps';

const defaultApi = new Api();
const NO_ENTRIES: readonly LogEntry[] = [];

/**
 * Dragging the slider passes many steps in a moment: a step reached within this long of the one
 * before is asked of the server only once the slider has rested on it this long, which keeps a
 * drag well inside the HTTP rate limit. A step reached after a pause (a click, a key, the first
 * move of a drag) is asked at once.
 */
const SETTLE_MS = 120;

/** Any game from its public log, step by step, forward and back, with a slider. */
export function ReplayPage({ gameId, api = defaultApi }: { gameId: string; api?: Api }) {
  const [record, setRecord] = useState<GameRecord | undefined>(undefined);
  const [replay, setReplay] = useState<Replay | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [step, setStep] = useState(0);
  const [fetched, setFetched] = useState<{ seq: number; view: GameView } | undefined>(undefined);
  const [stepError, setStepError] = useState<string | undefined>(undefined);
  /** when the viewer last moved the step: a move soon after another is part of a drag */
  const movedAt = useRef(Number.NEGATIVE_INFINITY);
  /** how long the step just reached waits before its board is asked for (a drag's steps wait) */
  const settle = useRef(0);

  useEffect(() => {
    Promise.all([api.getGame(gameId), loadPublicLog(api, gameId)])
      .then(async ([game, log]) => {
        // The dice rolled from the revealed seed mixed with every seat's share.
        const seed = log.seed ?? game.seed;
        const dice =
          seed === null
            ? null
            : await diceSeedOf(
                seed,
                game.seats.map((s) => s.entropy),
              );
        return { game, log, dice };
      })
      .then(
        ({ game, log, dice }) => {
          setRecord(game);
          const built = buildReplay(startOptions(game), dice, log.entries);
          setReplay(built);
          setStep(built.entries.length);
        },
        (e: unknown) => {
          setError(e instanceof ApiError ? e.message : 'The game log could not be loaded.');
        },
      );
  }, [api, gameId]);

  const remote = useMemo(
    () =>
      replay?.mode === 'remote'
        ? new RemoteViews((seq) => api.replayView(gameId, seq).then((r) => r.view as GameView))
        : undefined,
    [api, gameId, replay],
  );

  useEffect(() => {
    if (remote === undefined) return undefined;
    const held = remote.get(step);
    if (held !== undefined) {
      setFetched({ seq: step, view: held });
      setStepError(undefined);
      return undefined;
    }
    let alive = true;
    const ask = () => {
      remote.load(step).then(
        (view) => {
          if (!alive) return;
          setFetched({ seq: step, view });
          setStepError(undefined);
        },
        (e: unknown) => {
          if (!alive) return;
          setStepError(
            e instanceof ApiError ? e.message : `The board at step ${String(step)} did not load.`,
          );
        },
      );
    };
    const timer = settle.current === 0 ? undefined : setTimeout(ask, settle.current);
    if (timer === undefined) ask();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [remote, step]);

  // The story's boards come from where this page takes its own: rebuilt here, or the server's.
  const storyViews = useMemo(
    () =>
      replay === undefined
        ? undefined
        : (seq: number): Promise<GameView> => {
            const built = replay.views[seq];
            if (built !== undefined) return Promise.resolve(built);
            if (remote !== undefined) return remote.load(seq);
            return api.replayView(gameId, seq).then((r) => r.view as GameView);
          },
    [api, gameId, replay, remote],
  );
  const total = replay?.entries.length ?? 0;
  const entries = replay?.entries ?? NO_ENTRIES;
  // While a step's board is on its way the previous one stays up, marked as not yet current.
  const view =
    remote === undefined ? replay?.views[Math.min(step, replay.views.length - 1)] : fetched?.view;
  const viewSeq = remote === undefined ? (view === undefined ? undefined : step) : fetched?.seq;
  const shownNames =
    view?.players.map((p) => p.name) ?? record?.seats.map((s) => s.name ?? '') ?? [];
  // The log's lines depend on the names and the galaxy: kept the same objects while their content
  // is, so that a step's board arriving neither words nor renders the whole log again.
  const namesKey = JSON.stringify(shownNames);
  const names = useMemo(() => JSON.parse(namesKey) as string[], [namesKey]);
  const galaxyKey = view === undefined ? '' : JSON.stringify(view.galaxy);
  const galaxy = useMemo(() => view?.galaxy, [galaxyKey]);
  /**
   * Moves to a step. A step reached after a pause has its board asked for here, before the page
   * renders the step: the request is on its way while the browser lays out the step's log.
   */
  const moveTo = (to: number) => {
    const now = performance.now();
    settle.current = now - movedAt.current < SETTLE_MS ? SETTLE_MS : 0;
    movedAt.current = now;
    // Its answer, or its failure, is taken up where the step is shown.
    if (remote !== undefined && settle.current === 0) remote.load(to).catch(() => undefined);
    setStep(to);
  };
  // The same element while its inputs are: Preact then leaves the log alone when only the board
  // changed (a step's board arriving).
  const logPanel = useMemo(
    () => (
      <LogPanel
        log={entries}
        upTo={step}
        names={names}
        {...(galaxy === undefined ? {} : { galaxy })}
      />
    ),
    [entries, step, names, galaxy],
  );
  const go = (to: number) => () => {
    moveTo(Math.max(0, Math.min(total, to)));
  };

  return (
    <main class="page replay-page">
      <header class="game-header">
        <a href={routeHref({ page: 'lobby' })}>← Lobby</a>
        <span>
          Replay of <code>{gameId}</code>
        </span>
        {record?.status === 'playing' ? (
          <a href={routeHref({ page: 'game', gameId })}>Watch live</a>
        ) : null}
        {record === undefined ? null : (
          <SeedBadge commitment={record.seedCommitment} seed={record.seed} />
        )}
      </header>
      {error === undefined ? null : <p class="error">{error}</p>}
      {replay === undefined ? (
        error === undefined ? (
          <p>Loading the log…</p>
        ) : null
      ) : (
        <>
          <div class="replay-controls panel">
            <button type="button" onClick={go(0)} aria-label="To the start">
              <Icon name="first" />
            </button>
            <button type="button" onClick={go(step - 1)} aria-label="One step back">
              <Icon name="back" />
            </button>
            <input
              type="range"
              min={0}
              max={total}
              value={step}
              aria-label="Step"
              onInput={(event) => {
                moveTo(Number(event.currentTarget.value));
              }}
            />
            <button type="button" onClick={go(step + 1)} aria-label="One step forward">
              <Icon name="forward" />
            </button>
            <button type="button" onClick={go(total)} aria-label="To the end">
              <Icon name="last" />
            </button>
            <span data-testid="replay-step">
              Step {step} of {total}
            </span>
          </div>
          {replay.mode === 'remote' ? (
            <p class="hint">
              Each step shows the board exactly as spectators saw it then; its actions stay secret
              until the game ends, when your browser can replay them itself from the revealed seed.
            </p>
          ) : null}
          {replay.mode === 'log' ? (
            <p class="hint error">
              This game’s public log does not replay from its revealed seed, so the replay shows its
              events only.
            </p>
          ) : null}
          {stepError === undefined ? null : <p class="error">{stepError}</p>}
          {view === undefined || !isGameOver(view) ? null : (
            <p class="end-winner" data-testid="replay-result">
              {gameOverText(view)}
            </p>
          )}
          <GameStory gameId={gameId} api={api} viewAt={storyViews} />
          <div
            class="table"
            data-replay-seq={viewSeq}
            aria-busy={remote !== undefined && viewSeq !== step}
          >
            <div class="table-main">
              {view === undefined ? null : <Board view={view} names={names} />}
            </div>
            <div class="table-side">
              {view === undefined ? null : (
                <PlayersPanel view={view} seat={undefined} active={[]} />
              )}
              {logPanel}
            </div>
          </div>
        </>
      )}
    </main>
  );
}
