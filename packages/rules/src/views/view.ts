import type { GameState, GameView, PlayerView, Viewer } from '../state/types.js';
import { eventsFor } from './events-for.js';

/**
 * What `viewer` may know: the state with the secrets cut out. Other seats'
 * action cards and dealt tiles become counts; the draw pile, the set-aside
 * tiles and the PRNG state are gone (there is no seed in the state at all).
 * The cards of a market offer are shown only to its two parties.
 */
export function view(state: GameState, viewer: Viewer): GameView {
  const players = state.players.map((p, seat): PlayerView => {
    const { hand, dealtTiles, ...pub } = p;
    const base: PlayerView = { ...pub, handCount: hand.length, dealtTileCount: dealtTiles.length };
    return seat === viewer ? { ...base, hand, dealtTiles } : base;
  });
  const phase =
    state.phase.name === 'market'
      ? {
          ...state.phase,
          offers: state.phase.offers.map((o) =>
            o.from === viewer || o.to === viewer ? o : { ...o, cards: o.cards.map(() => 'hidden') },
          ),
        }
      : state.phase;
  const {
    prng: _prng,
    actionDeck,
    tileStock,
    players: _players,
    phase: _phase,
    setupEvents,
    ...rest
  } = state;
  return {
    ...rest,
    phase,
    viewer,
    players,
    setupEvents: eventsFor(setupEvents, viewer),
    actionDeckCount: actionDeck.length,
    tileStockCount: tileStock.length,
  };
}
