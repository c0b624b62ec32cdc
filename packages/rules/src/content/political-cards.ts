import { deckInstances } from './deck.js';

/**
 * BG-8. `law`: voted for or against; passed, it stays in force.
 * `one-shot`: voted for or against; passed, it resolves once and goes.
 * `election`: the players elect a target (`elects`); `lasting` says
 * whether the result stays in force like a law.
 */
export type PoliticalCardKind = 'law' | 'one-shot' | 'election';

export interface PoliticalCardDef {
  readonly id: string;
  readonly name: string;
  readonly count: number;
  readonly kind: PoliticalCardKind;
  readonly elects?: 'player' | 'planet' | 'law';
  readonly lasting: boolean;
  /** Rounds a lasting result stays in force before it is discarded; absent: for good. */
  readonly durationRounds?: number;
  readonly text: string;
  readonly provisional: boolean;
  readonly source: string;
}

const KNOWN = 'TI1 card list (base-game-facts §7, fan wiki)';
const KNOWN_NAME = 'TI1 name; effect unknown, reconstructed';
const FILLER = 'not among the 14 known TI1 cards; TI2-style filler, reconstructed';

/**
 * The 20-card deck. The research found 14 first-edition cards by name, one
 * of them (Revote) twice in the deck: 15 cards. The spec's "14 known + 6"
 * counts names; keeping Revote's second copy leaves room for 5 fillers.
 */
export const POLITICAL_CARDS: readonly PoliticalCardDef[] = [
  {
    id: 'arms-reduction',
    name: 'Arms Reduction',
    count: 1,
    kind: 'law',
    lasting: true,
    text: 'Every unit costs 2 credits more. Every player scraps its Dreadnoughts beyond 2.',
    provisional: false,
    source: KNOWN,
  },
  {
    id: 'conventions-of-nxill',
    name: 'Conventions of Nxill',
    count: 1,
    kind: 'law',
    lasting: true,
    text: 'A space battle lasts one round; then the attacker withdraws.',
    provisional: false,
    source: KNOWN,
  },
  {
    id: 'council-empowered',
    name: 'Council Empowered',
    count: 1,
    kind: 'law',
    lasting: true,
    text: 'The Progression phase is held only every second round.',
    provisional: false,
    source: KNOWN,
  },
  {
    id: 'crown-of-thalnos',
    name: 'Crown of Thalnos',
    count: 1,
    kind: 'election',
    elects: 'player',
    lasting: true,
    text: 'The elected player may re-roll one of its dice in each combat round.',
    provisional: true,
    source: KNOWN_NAME,
  },
  {
    id: 'expansion-suppression',
    name: 'Expansion Suppression',
    count: 1,
    kind: 'one-shot',
    lasting: false,
    text: 'Every player with more than 4 planets outside its home system gives up the excess: its Ground Forces and PDS there may go home, its Spacedocks there are destroyed.',
    provisional: false,
    source: KNOWN,
  },
  {
    id: 'free-trade',
    name: 'Free Trade',
    count: 1,
    kind: 'law',
    lasting: true,
    text: '+5 credits for each active trade agreement in the Receive Trade Income phase.',
    provisional: false,
    source: KNOWN,
  },
  {
    id: 'holder-of-mecatol-rex',
    name: 'Holder of Mecatol Rex',
    count: 1,
    kind: 'law',
    lasting: true,
    text: 'The player controlling Mecatol Rex always votes last.',
    provisional: false,
    source: KNOWN,
  },
  {
    id: 'holy-planet-of-ixth',
    name: 'Holy Planet of Ixth',
    count: 1,
    kind: 'election',
    elects: 'planet',
    lasting: true,
    text: 'The elected planet keeps its values and Spacedocks, but no new units are placed on it.',
    provisional: true,
    source: 'TI1 name; effect from the TI2 FAQ',
  },
  {
    id: 'humane-labor',
    name: 'Humane Labor',
    count: 1,
    kind: 'law',
    lasting: true,
    text: 'Every Spacedock places at most 2 units per round.',
    provisional: false,
    source: KNOWN,
  },
  {
    id: 'limits-to-individual-power',
    name: 'Limits to Individual Power',
    count: 1,
    kind: 'law',
    lasting: true,
    text: 'The action card hand limit is 3; players discard down at once.',
    provisional: false,
    source: KNOWN,
  },
  {
    id: 'long-term-truce',
    name: 'Long Term Truce',
    count: 1,
    kind: 'law',
    lasting: true,
    durationRounds: 3,
    text: 'No player may attack another for 3 rounds; a player who does pays 50 credits. Then the card is discarded.',
    provisional: false,
    source: KNOWN,
  },
  {
    id: 'public-execution',
    name: 'Public Execution',
    count: 1,
    kind: 'election',
    elects: 'player',
    lasting: false,
    text: 'The elected player discards all its action cards.',
    provisional: true,
    source: KNOWN_NAME,
  },
  {
    id: 'revote',
    name: 'Revote',
    count: 2,
    kind: 'election',
    elects: 'law',
    lasting: false,
    text: 'Elect a law in force: it is voted on again and discarded unless it passes.',
    provisional: false,
    source: KNOWN,
  },
  {
    id: 'short-term-truce',
    name: 'Short Term Truce',
    count: 1,
    kind: 'law',
    lasting: true,
    durationRounds: 2,
    text: 'No player may attack another for 2 rounds; a player who does pays 35 credits. Then the card is discarded.',
    provisional: false,
    source: KNOWN,
  },
  {
    id: 'trade-embargo',
    name: 'Trade Embargo',
    count: 1,
    kind: 'election',
    elects: 'player',
    lasting: true,
    text: 'The elected player loses its trade agreements and may open no new ones.',
    provisional: true,
    source: FILLER,
  },
  {
    id: 'technology-tariffs',
    name: 'Technology Tariffs',
    count: 1,
    kind: 'law',
    lasting: true,
    text: 'Every technology costs 10 credits more.',
    provisional: true,
    source: FILLER,
  },
  {
    id: 'unconventional-weapons',
    name: 'Unconventional Weapons',
    count: 1,
    kind: 'law',
    lasting: true,
    text: 'Dreadnoughts may not bombard.',
    provisional: true,
    source: FILLER,
  },
  {
    id: 'minister-of-commerce',
    name: 'Minister of Commerce',
    count: 1,
    kind: 'election',
    elects: 'player',
    lasting: true,
    text: 'In each Receive Trade Income phase the elected player gains 1 credit for every trade agreement in play.',
    provisional: true,
    source: FILLER,
  },
  {
    id: 'minister-of-war',
    name: 'Minister of War',
    count: 1,
    kind: 'election',
    elects: 'player',
    lasting: true,
    text: "The elected player's ships get +1 in the first round of each space battle.",
    provisional: true,
    source: FILLER,
  },
];

const BY_ID = new Map(POLITICAL_CARDS.map((c) => [c.id, c]));

export function politicalCardById(id: string): PoliticalCardDef | undefined {
  return BY_ID.get(id);
}

/** Instance ids (`revote#1`, `revote#2`, ...) of the 20-card deck in a fixed order. */
export function politicalDeck(): string[] {
  return deckInstances(POLITICAL_CARDS);
}
