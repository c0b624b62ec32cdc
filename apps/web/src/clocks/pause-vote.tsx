import { useEffect, useState } from 'preact/hooks';
import { ApiError, type Api } from '../net/api';
import type { PauseStatus } from '../net/protocol';

const REFRESH_MS = 10_000;

/**
 * The table's pause: whether the game is paused (its clocks stop), the votes cast, and this
 * seat's one button to vote for the change. Read again at each step of the game and every few seconds.
 */
export function PauseVote({
  api,
  gameId,
  seq,
  token,
  names,
}: {
  api: Api;
  gameId: string;
  seq: number;
  token: string | undefined;
  names: readonly string[];
}) {
  const [status, setStatus] = useState<PauseStatus | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    let alive = true;
    const load = () => {
      api.pauseStatus(gameId).then(
        (next) => {
          if (alive) setStatus(next);
        },
        () => undefined,
      );
    };
    load();
    // Votes are not steps of the game: looked at again now and then too.
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [api, gameId, seq]);

  if (status === undefined) return null;
  const voters = status.votes.map((s) => names[s] ?? `Seat ${String(s + 1)}`).join(', ');
  const vote = async () => {
    if (token === undefined) return;
    setError(undefined);
    try {
      setStatus(await api.votePause(gameId, token));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The vote did not reach the server.');
    }
  };
  return (
    <div class={`pause-vote${status.paused ? ' paused' : ''}`} data-testid="pause-vote">
      {status.paused ? <strong>Paused by the table: the clocks are stopped. </strong> : null}
      {status.votes.length > 0 ? (
        <span>
          {status.paused ? 'To resume' : 'To pause'}: {voters} ({status.votes.length} of{' '}
          {status.needed} votes){' '}
        </span>
      ) : null}
      {token === undefined ? null : (
        <button type="button" onClick={() => void vote()}>
          {status.paused ? 'Vote to resume' : 'Vote to pause'}
        </button>
      )}
      {error === undefined ? null : <span class="error"> {error}</span>}
    </div>
  );
}
