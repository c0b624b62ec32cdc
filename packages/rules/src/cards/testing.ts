import type { GameState, Seat } from '../state/types.js';
import { cardIdOf } from '../content/deck.js';

/**
 * Test helper: gives `seat` one copy of each card id in `cards` (taken from
 * the draw pile or the discards, so every card stays in one place), and
 * nothing else: its hand is exactly these cards.
 */
export function withHand(state: GameState, seat: Seat, cards: readonly string[]): GameState {
  let deck = state.actionDeck;
  let discard = [...state.actionDiscard, ...(state.players[seat]?.hand ?? [])];
  const hand: string[] = [];
  for (const id of cards) {
    const fromDeck = deck.find((c) => cardIdOf(c) === id && !hand.includes(c));
    const fromDiscard = discard.find((c) => cardIdOf(c) === id && !hand.includes(c));
    const card = fromDeck ?? fromDiscard;
    if (card === undefined) throw new Error(`no ${id} left to hand out`);
    deck = deck.filter((c) => c !== card);
    discard = discard.filter((c) => c !== card);
    hand.push(card);
  }
  return {
    ...state,
    actionDeck: deck,
    actionDiscard: discard,
    players: state.players.map((p, i) => (i === seat ? { ...p, hand } : p)),
  };
}

/** The instance id of `seat`'s copy of card `id`. */
export function cardIn(state: GameState, seat: Seat, id: string): string {
  const card = state.players[seat]?.hand.find((c) => cardIdOf(c) === id);
  if (card === undefined) throw new Error(`seat ${seat} holds no ${id}`);
  return card;
}
