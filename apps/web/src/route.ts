/**
 * Hash routes: the server serves one index.html at `/`, so the location hash
 * is the only part of the URL the client owns without server rewrites.
 */
export type Route =
  | { readonly page: 'lobby' }
  | { readonly page: 'rules'; readonly at?: 'notes' }
  | { readonly page: 'my-games' }
  | { readonly page: 'game'; readonly gameId: string }
  | { readonly page: 'replay'; readonly gameId: string };

const GAME = /^#\/game\/([A-Za-z0-9_-]{1,64})(\/replay)?\/?$/;
const RULES = /^#\/rules(\/notes)?\/?$/;
const MY_GAMES = /^#\/my-games\/?$/;

export function parseRoute(hash: string): Route {
  const rules = RULES.exec(hash);
  if (rules !== null)
    return rules[1] === undefined ? { page: 'rules' } : { page: 'rules', at: 'notes' };
  if (MY_GAMES.test(hash)) return { page: 'my-games' };
  const match = GAME.exec(hash);
  const gameId = match?.[1];
  if (gameId === undefined) return { page: 'lobby' };
  return match?.[2] === undefined ? { page: 'game', gameId } : { page: 'replay', gameId };
}

export function routeHref(route: Route): string {
  switch (route.page) {
    case 'lobby':
      return '#/';
    case 'rules':
      return route.at === 'notes' ? '#/rules/notes' : '#/rules';
    case 'my-games':
      return '#/my-games';
    case 'game':
      return `#/game/${route.gameId}`;
    case 'replay':
      return `#/game/${route.gameId}/replay`;
  }
}
