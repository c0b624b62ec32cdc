import { useEffect, useState } from 'preact/hooks';
import { ApiError, Api } from '../net/api';
import type { GameRecord } from '../net/protocol';
import { loadSeat, saveSeat } from '../net/seat-tokens';
import { routeHref } from '../route';
import { CreateGameForm } from './create-game-form';
import { describeOptions } from './options-words';

const api = new Api();
const REFRESH_MS = 5000;

/** Games to join, games to watch, finished games to replay, and a form to create one. */
export function LobbyPage() {
  const [games, setGames] = useState<GameRecord[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    let alive = true;
    const load = () => {
      api.listGames().then(
        (list) => {
          if (!alive) return;
          setGames(list);
          setError(undefined);
        },
        (e: unknown) => {
          if (alive)
            setError(e instanceof ApiError ? e.message : 'The game list could not be loaded.');
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

  const open = (gameId: string) => {
    location.hash = routeHref({ page: 'game', gameId });
  };

  const waiting = games?.filter((g) => g.status === 'lobby') ?? [];
  const playing = games?.filter((g) => g.status === 'playing') ?? [];
  const over = games?.filter((g) => g.status === 'over') ?? [];

  return (
    <main class="page lobby">
      <h1>Outer Rim online</h1>
      <p class="tagline">
        Twilight Imperium (first edition) with The Outer Rim, with friends, over the internet.{' '}
        <a href={routeHref({ page: 'rules' })}>About the rules: what works today</a> ·{' '}
        <a href={routeHref({ page: 'my-games' })}>My games</a>
      </p>
      <div class="lobby-columns">
        <CreateGameForm
          api={api}
          onCreated={(gameId, seat, token, name) => {
            saveSeat(localStorage, gameId, { seat, token, name });
            open(gameId);
          }}
        />
        <div>
          {error === undefined ? null : <p class="error">{error}</p>}
          {games === undefined && error === undefined ? <p>Loading games…</p> : null}
          <GameList title="Games to join" games={waiting} verb="Join" />
          <GameList title="Games to watch" games={playing} verb="Watch" />
          <GameList title="Finished games" games={over} verb="Replay" replay />
        </div>
      </div>
    </main>
  );
}

function GameList(props: {
  title: string;
  games: readonly GameRecord[];
  verb: string;
  replay?: boolean;
}) {
  return (
    <section class="panel game-list">
      <h2>{props.title}</h2>
      {props.games.length === 0 ? <p class="faint">None right now.</p> : null}
      <ul>
        {props.games.map((game) => {
          const taken = game.seats.filter((s) => s.taken).length;
          // A full table waiting to start has no seat to join: it can only be watched.
          const full = taken === game.seats.length;
          const mine = loadSeat(localStorage, game.id) !== undefined;
          const players = game.seats
            .filter((s) => s.taken)
            .map((s) => s.name)
            .join(', ');
          return (
            <li key={game.id} data-game={game.id}>
              <a
                href={routeHref(
                  props.replay === true
                    ? { page: 'replay', gameId: game.id }
                    : { page: 'game', gameId: game.id },
                )}
              >
                {mine ? 'Back to my seat' : full && props.verb === 'Join' ? 'Watch' : props.verb}
              </a>{' '}
              <code>{game.id}</code> · {taken}/{game.seats.length} seats
              {full && props.verb === 'Join' ? ' (full)' : ''}
              {players === '' ? '' : ` (${players})`} ·{' '}
              {describeOptions(game.options, game.seats.length)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
