import type { GameEvent } from '../events.js';
import type { Viewer } from '../state/types.js';

/**
 * The events as `viewer` may see them: dealt tiles and drawn cards only to
 * their owner, the cards of a market offer only to its two parties. The
 * event stays (its public part: who, how many); only the secret is cut.
 */
export function eventFor(e: GameEvent, viewer: Viewer): GameEvent {
  switch (e.type) {
    case 'tiles-dealt':
      if (e.seat === viewer || e.tiles === undefined) return e;
      return { type: e.type, seat: e.seat, count: e.count };
    case 'cards-drawn':
      if (e.seat === viewer || e.cards === undefined) return e;
      return { type: e.type, seat: e.seat, count: e.count };
    case 'offer-made': {
      if (e.from === viewer || e.to === viewer || e.cards === undefined) return e;
      const { cards: _cards, ...rest } = e;
      return rest;
    }
    case 'hand-revealed': {
      // BG-9 Disclosure: only its player sees the cards.
      if (e.seat === viewer || e.cards === undefined) return e;
      const { cards: _cards, ...rest } = e;
      return rest;
    }
    default:
      return e;
  }
}

export function eventsFor(events: readonly GameEvent[], viewer: Viewer): GameEvent[] {
  return events.map((e) => eventFor(e, viewer));
}
