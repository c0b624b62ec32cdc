import { phaseName } from '@outer-rim/rules';
import { useEffect, useState } from 'preact/hooks';
import { Api, ApiError } from '../net/api';
import type { MyGame, MyGamesResponse } from '../net/protocol';
import { listSeats } from '../net/seat-tokens';
import { routeHref } from '../route';
import { waitedFor } from './waited';

const api = new Api();
const REFRESH_MS = 15_000;

/**
 * The games where this browser holds a seat (the tokens it keeps for reconnecting), "your move"
 * first: for a group that plays over days, the one page to look at.
 */
export function MyGamesPage() {
  const [answer, setAnswer] = useState<MyGamesResponse | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let alive = true;
    const load = () => {
      const seats = listSeats(localStorage).map(({ gameId, seat }) => ({
        gameId,
        token: seat.token,
      }));
      api.myGames({ seats }).then(
        (next) => {
          if (!alive) return;
          setAnswer(next);
          setError(undefined);
          setNow(Date.now());
        },
        (e: unknown) => {
          if (alive)
            setError(e instanceof ApiError ? e.message : 'Your games could not be loaded.');
        },
      );
    };
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, []);

  const games = answer?.games ?? [];
  return (
    <main class="page my-games">
      <h1>My games</h1>
      <p class="tagline">
        The games this browser holds a seat in. <a href={routeHref({ page: 'lobby' })}>Lobby</a>
      </p>
      {error === undefined ? null : <p class="error">{error}</p>}
      {answer === undefined && error === undefined ? <p>Loading your games…</p> : null}
      {answer !== undefined && games.length === 0 ? (
        <p class="faint">This browser holds no seat yet: create or join a game in the lobby.</p>
      ) : null}
      <ul class="my-games-list">
        {games.map((game) => (
          <MyGameLine key={game.gameId} game={game} now={now} />
        ))}
      </ul>
      {answer !== undefined && answer.lost.length > 0 ? (
        <section class="panel">
          <h2>Seats no longer held</h2>
          <ul>
            {answer.lost.map((lost) => (
              <li key={lost.gameId} data-lost={lost.gameId}>
                <code>{lost.gameId}</code>: {lost.error.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

function MyGameLine({ game, now }: { game: MyGame; now: number }) {
  const phase =
    game.phase === 'lobby'
      ? 'Waiting in the lobby'
      : game.result !== undefined
        ? `Finished: ${game.result}`
        : `${game.round > 0 ? `Round ${String(game.round)} · ` : ''}${phaseName(game.phase)}`;
  const others = game.owing.filter((o) => o.seat !== game.seat).map((o) => o.name);
  const mine = game.owing.find((o) => o.seat === game.seat);
  const waiting =
    game.owing.length === 0 ? '' : ` · waiting ${waitedFor(Date.parse(game.since), now)}`;
  return (
    <li
      class={`panel my-game${game.yourMove ? ' your-move' : ''}`}
      data-game={game.gameId}
      data-your-move={game.yourMove ? 'yes' : 'no'}
    >
      <a href={routeHref({ page: 'game', gameId: game.gameId })}>
        {game.host}'s table <code>{game.gameId}</code>
      </a>{' '}
      · you are {game.name} · {phase}
      <div class="my-game-owed">
        {mine === undefined ? null : (
          <strong class="your-move-mark">Your move: {mine.prompts.join('; ')}</strong>
        )}
        {others.length === 0 ? null : (
          <span>
            {mine === undefined ? '' : ' · '}Waiting for {others.join(', ')}
          </span>
        )}
        <span class="faint" title={game.since}>
          {waiting}
        </span>
      </div>
    </li>
  );
}
