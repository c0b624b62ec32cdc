import { useEffect, useMemo, useState } from 'preact/hooks';
import { Board } from '../board/board';
import { Api, ApiError } from '../net/api';
import type { GameRecord } from '../net/protocol';
import { LogPanel } from '../play/log-panel';
import { PlayersPanel } from '../play/players-panel';
import { routeHref } from '../route';
import { SeedBadge } from '../ui/seed-badge';
import {
  buildReplay,
  entriesUpTo,
  startOptions,
  type PublicEntry,
  type Replay,
} from './replay-steps';

const api = new Api();

async function loadAll(gameId: string): Promise<{ seed: string | null; entries: PublicEntry[] }> {
  const entries: PublicEntry[] = [];
  let from = 1;
  let seed: string | null;
  for (;;) {
    const page = await api.actionLog(gameId, from);
    seed = page.seed;
    entries.push(...page.entries);
    const last = page.entries.at(-1);
    if (last === undefined) break;
    from = last.seq + 1;
  }
  return { seed, entries };
}

/** Any game from its public log, step by step, forward and back, with a slider. */
export function ReplayPage({ gameId }: { gameId: string }) {
  const [record, setRecord] = useState<GameRecord | undefined>(undefined);
  const [replay, setReplay] = useState<Replay | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [step, setStep] = useState(0);

  useEffect(() => {
    Promise.all([api.getGame(gameId), loadAll(gameId)]).then(
      ([game, log]) => {
        setRecord(game);
        const built = buildReplay(startOptions(game), log.seed ?? game.seed, log.entries);
        setReplay(built);
        setStep(built.entries.length);
      },
      (e: unknown) => {
        setError(e instanceof ApiError ? e.message : 'The game log could not be loaded.');
      },
    );
  }, [gameId]);

  const total = replay?.entries.length ?? 0;
  const shown = useMemo(
    () => (replay === undefined ? [] : entriesUpTo(replay, step)),
    [replay, step],
  );
  const view = replay?.views[Math.min(step, replay.views.length - 1)];
  const names = view?.players.map((p) => p.name) ?? record?.seats.map((s) => s.name ?? '') ?? [];
  const go = (to: number) => () => {
    setStep(Math.max(0, Math.min(total, to)));
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
              ⏮
            </button>
            <button type="button" onClick={go(step - 1)} aria-label="One step back">
              ◀
            </button>
            <input
              type="range"
              min={0}
              max={total}
              value={step}
              aria-label="Step"
              onInput={(event) => {
                setStep(Number(event.currentTarget.value));
              }}
            />
            <button type="button" onClick={go(step + 1)} aria-label="One step forward">
              ▶
            </button>
            <button type="button" onClick={go(total)} aria-label="To the end">
              ⏭
            </button>
            <span data-testid="replay-step">
              Step {step} of {total}
            </span>
          </div>
          {replay.mode === 'log' ? (
            <p class="hint">
              This game is still running: its actions stay secret until it ends, so the replay shows
              the public events step by step. The board replays once the game is over.
            </p>
          ) : null}
          <div class="table">
            <div class="table-main">
              {view === undefined ? null : <Board view={view} names={names} />}
            </div>
            <div class="table-side">
              {view === undefined ? null : (
                <PlayersPanel view={view} seat={undefined} active={[]} />
              )}
              <LogPanel log={shown} names={names} />
            </div>
          </div>
        </>
      )}
    </main>
  );
}
