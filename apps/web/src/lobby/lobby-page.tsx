import { useEffect, useState } from 'preact/hooks';
import { ApiError, Api } from '../net/api';
import { gameTitle, type GameRecord } from '../net/protocol';
import { loadSeat, saveSeat } from '../net/seat-tokens';
import { routeHref } from '../route';
import { CreateGameForm } from './create-game-form';
import { finishedWords } from './finished-words';
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

  // A game waiting to start with every seat taken has nothing to join: it is there to watch.
  const full = (g: GameRecord) => g.seats.every((s) => s.taken);
  const waiting = games?.filter((g) => g.status === 'lobby' && !full(g)) ?? [];
  const playing =
    games?.filter((g) => g.status === 'playing' || (g.status === 'lobby' && full(g))) ?? [];
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
          onCreated={(gameId, seat, token, name, entropy) => {
            saveSeat(localStorage, gameId, { seat, token, name, entropy });
            open(gameId);
          }}
        />
        <div>
          {error === undefined ? null : <p class="error">{error}</p>}
          {games === undefined && error === undefined ? <p>Loading games…</p> : null}
          <GameList title="Games to join" kind="join" games={waiting} />
          <GameList title="Games to watch" kind="watch" games={playing} />
          <GameList title="Finished games" kind="replay" games={over} />
        </div>
      </div>
    </main>
  );
}

const VERBS = { join: 'Join', watch: 'Watch', replay: 'Replay' } as const;

function GameList(props: {
  title: string;
  kind: keyof typeof VERBS;
  games: readonly GameRecord[];
}) {
  return (
    <section class="panel game-list" data-list={props.kind}>
      <h2>{props.title}</h2>
      {props.games.length === 0 ? <p class="faint">None right now.</p> : null}
      <ul>
        {props.games.map((game) => {
          const taken = game.seats.filter((s) => s.taken).length;
          const mine = loadSeat(localStorage, game.id) !== undefined;
          const players = game.seats
            .filter((s) => s.taken)
            .map((s) => s.name)
            .join(', ');
          const state =
            game.status === 'over'
              ? finishedWords(game)
              : game.status === 'lobby'
                ? `${String(taken)}/${String(game.seats.length)} seats${taken === game.seats.length ? ', starting soon' : ''}`
                : 'in play';
          return (
            <li key={game.id} data-game={game.id}>
              <a
                href={routeHref(
                  props.kind === 'replay'
                    ? { page: 'replay', gameId: game.id }
                    : { page: 'game', gameId: game.id },
                )}
              >
                {mine && props.kind !== 'replay' ? 'Back to my seat' : VERBS[props.kind]}
              </a>{' '}
              <b class="game-title" data-testid="game-title">
                {gameTitle(game)}
              </b>{' '}
              · <span data-testid="game-state">{state}</span>
              {players === '' ? '' : ` · ${players}`}
              <br />
              <small class="faint">
                {describeOptions(game.options, game.seats.length)} · <code>{game.id}</code>
              </small>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
