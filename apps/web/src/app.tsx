import { useEffect, useState } from 'preact/hooks';
import { LobbyPage } from './lobby/lobby-page';
import { GamePage } from './play/game-page';
import { ReplayPage } from './replay/replay-page';
import { parseRoute } from './route';
import { RulesPage } from './rules/rules-page';

export function App() {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onHash = () => {
      setRoute(parseRoute(location.hash));
    };
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('hashchange', onHash);
    };
  }, []);
  switch (route.page) {
    case 'lobby':
      return <LobbyPage />;
    case 'rules':
      return <RulesPage />;
    case 'game':
      return <GamePage key={route.gameId} gameId={route.gameId} />;
    case 'replay':
      return <ReplayPage key={route.gameId} gameId={route.gameId} />;
  }
}
