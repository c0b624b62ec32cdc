import type { GameEvent } from '../events.js';
import type { GameState, GameView, PlayerState, PlayerView, Viewer } from '../state/types.js';
import type { PoliticalPhase } from '../politics/types.js';
import { HiddenSlot } from '../state/hidden-slot.js';
import { eventsFor } from './events-for.js';

type Politics = NonNullable<GameState['politics']>;
type PoliticsView = NonNullable<GameView['politics']>;

/** OR-6.2: only the Diplomat's owner sees the three cards it picks the agenda from. */
function politicalPhaseFor(phase: PoliticalPhase, viewer: Viewer): PoliticalPhase {
  if (phase.choices === undefined || phase.picker === viewer) return phase;
  return { ...phase, choices: phase.choices.map(() => 'hidden') };
}

/**
 * Cuts made before, by the identity of what they were cut from: states are never changed in
 * place and keep their unchanged parts, so the view of the next step keeps them too, which
 * makes comparing and hashing successive views cost about what changed. Each is kept beside what
 * it was cut from (`HiddenSlot`).
 */
const publicPlayers = new HiddenSlot<PlayerState, PlayerView>('publicPlayer');
const ownPlayers = new HiddenSlot<PlayerState, PlayerView>('ownPlayer');
const setupCuts = new HiddenSlot<readonly GameEvent[], Map<Viewer, GameEvent[]>>('setupCuts');
/** each viewer's list of the players, by the state's list: the same list while no player changes */
const playersCuts = new HiddenSlot<readonly PlayerState[], Map<Viewer, PlayerView[]>>(
  'playersCuts',
);

function playerFor(p: PlayerState, own: boolean): PlayerView {
  const cache = own ? ownPlayers : publicPlayers;
  const known = cache.get(p);
  if (known) return known;
  const { hand, dealtTiles, ...pub } = p;
  const base: PlayerView = { ...pub, handCount: hand.length, dealtTileCount: dealtTiles.length };
  const cut = own ? { ...base, hand, dealtTiles } : base;
  cache.set(p, cut);
  return cut;
}

/** `make()`, the cut of `from` for `viewer`, made once per `from` and viewer. */
function cutOnce<K extends object, V>(
  cuts: HiddenSlot<K, Map<Viewer, V>>,
  from: K,
  viewer: Viewer,
  make: () => V,
): V {
  let byViewer = cuts.get(from);
  if (!byViewer) {
    byViewer = new Map();
    cuts.set(from, byViewer);
  }
  let cut = byViewer.get(viewer);
  if (cut === undefined) {
    cut = make();
    byViewer.set(viewer, cut);
  }
  return cut;
}

function setupEventsFor(events: readonly GameEvent[], viewer: Viewer): GameEvent[] {
  return cutOnce(setupCuts, events, viewer, () => eventsFor(events, viewer));
}

const politicsCuts = new HiddenSlot<Politics, PoliticsView>('politicsCut');

/** BG-8: the political deck's order is hidden from everyone. */
function politicsFor(politics: Politics): PoliticsView {
  let cut = politicsCuts.get(politics);
  if (!cut) {
    cut = { deckCount: politics.deck.length, discard: politics.discard, laws: politics.laws };
    politicsCuts.set(politics, cut);
  }
  return cut;
}

/** The keys of a view that differ from viewer to viewer; all the others are the same for all. */
type ViewerKeys = 'phase' | 'viewer' | 'players' | 'setupEvents';
export type SharedView = Omit<GameView, ViewerKeys>;
export type ViewerPart = Pick<GameView, ViewerKeys>;

const sharedViews = new HiddenSlot<GameState, SharedView>('sharedView');

/**
 * The part of a state's view that is the same for every viewer, cut once per state: whoever
 * sends one step to many viewers diffs, hashes and serialises it once.
 */
export function sharedView(state: GameState): SharedView {
  const known = sharedViews.get(state);
  if (known) return known;
  const {
    prng: _prng,
    actionDeck,
    tileStock,
    players: _players,
    phase: _phase,
    setupEvents: _setupEvents,
    politics,
    ...rest
  } = state;
  const cut = {
    ...rest,
    ...(politics === undefined ? {} : { politics: politicsFor(politics) }),
    actionDeckCount: actionDeck.length,
    tileStockCount: tileStock.length,
  };
  sharedViews.set(state, cut);
  return cut;
}

/**
 * The part of `viewer`'s view that only viewers like it see: its own hand among the players,
 * the market offers it is party to, the Diplomat's agenda choices, its setup events.
 */
export function viewerPart(state: GameState, viewer: Viewer): ViewerPart {
  const players = cutOnce(playersCuts, state.players, viewer, () =>
    state.players.map((p, seat) => playerFor(p, seat === viewer)),
  );
  return {
    phase: phaseFor(state.phase, viewer),
    viewer,
    players,
    setupEvents: setupEventsFor(state.setupEvents, viewer),
  };
}

type Phase = GameState['phase'];
const phaseCuts = new HiddenSlot<Phase, Map<Viewer, Phase>>('phaseCuts');

type Offer = Extract<Phase, { name: 'market' }>['offers'][number];
const hiddenOffers = new HiddenSlot<Offer, Offer>('hiddenOffer');

/** An offer as those who are not party to it see it: its cards hidden; made once per offer. */
function hiddenOffer(offer: Offer): Offer {
  let cut = hiddenOffers.get(offer);
  if (cut === undefined) {
    cut = { ...offer, cards: offer.cards.map(() => 'hidden') };
    hiddenOffers.set(offer, cut);
  }
  return cut;
}

/**
 * The phase as `viewer` sees it: the phase itself where it hides nothing from them (every viewer
 * then shares it), else one cut per phase and viewer. The cards of a market offer are shown only
 * to its two parties. Viewers to whom it hides the same things share one cut, the spectators':
 * sent to many, it is then compared, hashed and serialised once.
 */
function phaseFor(phase: Phase, viewer: Viewer): Phase {
  if (phase.name === 'political') {
    if (phase.choices === undefined || phase.picker === viewer) return phase;
    return cutOnce(phaseCuts, phase, 'spectator', () => politicalPhaseFor(phase, 'spectator'));
  }
  if (phase.name !== 'market') return phase;
  const party = (o: Offer) => o.from === viewer || o.to === viewer;
  if (phase.offers.every(party)) return phase;
  return cutOnce(phaseCuts, phase, phase.offers.some(party) ? viewer : 'spectator', () => ({
    ...phase,
    offers: phase.offers.map((o) => (party(o) ? o : hiddenOffer(o))),
  }));
}

/**
 * What `viewer` may know: the state with the secrets cut out. Other seats'
 * action cards and dealt tiles become counts; the draw pile, the set-aside
 * tiles and the PRNG state are gone (there is no seed in the state at all).
 * The cards of a market offer are shown only to its two parties.
 */
export function view(state: GameState, viewer: Viewer): GameView {
  return { ...sharedView(state), ...viewerPart(state, viewer) };
}
