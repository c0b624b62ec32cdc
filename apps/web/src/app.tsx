import { useLayoutEffect, useState } from 'preact/hooks';
import { LobbyPage } from './lobby/lobby-page';
import { MyGamesPage } from './my-games/my-games-page';
import { GamePage } from './play/game-page';
import { ReplayPage } from './replay/replay-page';
import { parseRoute } from './route';
import { RulesPage } from './rules/rules-page';

export function App() {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  // Subscribed as the first render commits (a layout effect, not a passive one: those wait for
  // a frame, and a hash set in between, like a link followed right after `load`, would leave the
  // page on the route it started with), then read again: nothing set before the listener is lost.
  useLayoutEffect(() => {
    const onHash = () => {
      const next = parseRoute(location.hash);
      setRoute((shown) => (JSON.stringify(shown) === JSON.stringify(next) ? shown : next));
    };
    window.addEventListener('hashchange', onHash);
    onHash();
    return () => {
      window.removeEventListener('hashchange', onHash);
    };
  }, []);
  switch (route.page) {
    case 'lobby':
      return <LobbyPage />;
    case 'rules':
      return <RulesPage at={route.at} />;
    case 'my-games':
      return <MyGamesPage />;
    case 'game':
      return <GamePage key={route.gameId} gameId={route.gameId} />;
    case 'replay':
      return <ReplayPage key={route.gameId} gameId={route.gameId} />;
  }
}
