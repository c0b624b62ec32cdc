import { deckInstances } from './deck.js';
import type { RoundPhase, Timing } from './timing.js';

export interface ActionCardDef {
  readonly id: string;
  readonly name: string;
  /** Copies in the deck. */
  readonly count: number;
  readonly timing: Timing;
  readonly text: string;
  readonly provisional: boolean;
  readonly source: string;
}

const NAME_ONLY = 'TI2 name and count (base-game-facts §7); text reconstructed';
const TI2_TEXT = 'TI2 name, count and text (base-game-facts §6-7)';

const ownTurn = (segment: 'movement' | 'space-battle' | 'invasion-combat'): Timing => ({
  kind: 'phase',
  phase: 'individual-turns',
  segment,
  own: true,
});
const inPhase = (phase: RoundPhase): Timing => ({
  kind: 'phase',
  phase,
});
const battleRound: Timing = { kind: 'response', to: 'space-battle-round' };

type Row = Omit<ActionCardDef, 'provisional' | 'source'> & { readonly source?: string };

/**
 * BG-9: the TI1 action deck is lost, so this is the TI2 deck's composition
 * (78 cards with 13 Trade Agreements). Every text is provisional; Sabotage,
 * Skilled Retreat and Voluntary Annexation carry the spec's wording.
 */
const ROWS: readonly Row[] = [
  {
    id: 'chemical-warfare',
    name: 'Chemical Warfare',
    count: 2,
    timing: ownTurn('invasion-combat'),
    text: 'Before an invasion you make, destroy 2 defending Ground Forces on that planet.',
  },
  {
    id: 'civil-defense',
    name: 'Civil Defense',
    count: 1,
    timing: { kind: 'phase', phase: 'individual-turns', segment: 'invasion-combat' },
    text: 'When one of your planets is about to be invaded, place 1 free PDS on it.',
  },
  {
    id: 'corporate-sponsorship',
    name: 'Corporate Sponsorship',
    count: 1,
    timing: inPhase('purchase-units'),
    text: 'Gain 10 credits that may only be spent on Spacedocks or PDS this phase.',
  },
  {
    id: 'council-dissolved',
    name: 'Council Dissolved',
    count: 1,
    timing: inPhase('political'),
    text: 'Before the political card is drawn: this round there is no vote.',
  },
  {
    id: 'determine-policy',
    name: 'Determine Policy',
    count: 1,
    timing: inPhase('political'),
    text: 'Look at the top 3 political cards and choose the one voted on; shuffle the others back.',
  },
  {
    id: 'discredit',
    name: 'Discredit',
    count: 1,
    timing: inPhase('political'),
    text: "After the votes are cast, one player's votes count for nothing.",
  },
  {
    id: 'disclosure',
    name: 'Disclosure',
    count: 2,
    timing: { kind: 'any-time' },
    text: "Look at one player's action cards.",
  },
  {
    id: 'fantastic-rhetoric',
    name: 'Fantastic Rhetoric',
    count: 2,
    timing: inPhase('political'),
    text: 'Before voting, add 5 votes to your vote this round.',
  },
  {
    id: 'flank-speed',
    name: 'Flank Speed',
    count: 3,
    timing: ownTurn('movement'),
    text: 'Before your Movement segment: your ships get +1 move this turn.',
  },
  {
    id: 'good-year',
    name: 'Good Year',
    count: 2,
    timing: inPhase('receive-credits'),
    text: 'Gain 1 extra credit for each planet you control.',
  },
  {
    id: 'influence-in-the-merchants-guild',
    name: "Influence in the Merchants' Guild",
    count: 2,
    timing: { kind: 'any-time' },
    text: 'Cancel one trade agreement between two other players.',
  },
  {
    id: 'in-the-silence-of-space',
    name: 'In the Silence of Space',
    count: 1,
    timing: ownTurn('movement'),
    text: "Before your Movement segment: this turn your ships may pass through systems holding other players' ships (they still fight where they stop).",
  },
  {
    id: 'into-the-breach',
    name: 'Into the Breach',
    count: 1,
    timing: ownTurn('space-battle'),
    text: 'Enemy PDS do not fire in the space battles of your turn.',
  },
  {
    id: 'local-unrest',
    name: 'Local Unrest',
    count: 2,
    timing: inPhase('receive-credits'),
    text: 'One planet of another player yields no credits this phase.',
  },
  {
    id: 'lucky-shot',
    name: 'Lucky Shot',
    count: 1,
    timing: ownTurn('movement'),
    text: 'Destroy one enemy Cruiser, Carrier or Dreadnought in a system holding a planet you control and none of your ships.',
  },
  {
    id: 'master-of-trade',
    name: 'Master of Trade',
    count: 1,
    timing: inPhase('receive-trade-income'),
    text: 'Double the income of one of your trade agreements this phase.',
  },
  {
    id: 'morale-boost',
    name: 'Morale Boost',
    count: 3,
    timing: battleRound,
    text: 'Before a combat round: your units get +1 on their rolls this round.',
  },
  {
    id: 'opening-the-black-box',
    name: 'Opening the Black Box',
    count: 1,
    timing: inPhase('technology'),
    text: 'Gain one technology whose prerequisites you meet, free.',
  },
  {
    id: 'plague',
    name: 'Plague',
    count: 1,
    timing: inPhase('political'),
    text: 'Roll a die for each Ground Force on one planet of another player; each is destroyed on 6-10.',
  },
  {
    id: 'rally-of-the-people',
    name: 'Rally of the People',
    count: 1,
    timing: inPhase('place-new-units'),
    text: 'Place 2 free Ground Forces on a planet with your Spacedock.',
  },
  {
    id: 'rare-mineral',
    name: 'Rare Mineral',
    count: 1,
    timing: inPhase('receive-credits'),
    text: 'Gain credits equal to the resources of one planet you control.',
  },
  {
    id: 'reparations',
    name: 'Reparations',
    count: 1,
    timing: { kind: 'any-time' },
    text: "After another player takes one of your planets, take credits from that player equal to the planet's resources.",
  },
  {
    id: 'rise-of-a-messiah',
    name: 'Rise of a Messiah',
    count: 1,
    timing: inPhase('place-new-units'),
    text: 'Place 1 free Ground Force on each planet you control.',
  },
  {
    id: 'sabotage',
    name: 'Sabotage',
    count: 4,
    timing: { kind: 'response', to: 'action-card' },
    text: 'Cancel an action card as it is played (not another Sabotage). An Agent sacrificed as a Sabotage counts as one (OR-6.2).',
    source: 'BG-9 wording; TI2 count (base-game-facts §7)',
  },
  {
    id: 'scientist-assassination',
    name: 'Scientist Assassination',
    count: 1,
    timing: inPhase('technology'),
    text: 'One player may not buy a technology this phase.',
  },
  {
    id: 'secret-industrial-agent',
    name: 'Secret Industrial Agent',
    count: 1,
    timing: inPhase('place-new-units'),
    text: 'One Spacedock of another player places no units this phase.',
  },
  {
    id: 'signal-jamming',
    name: 'Signal Jamming',
    count: 3,
    timing: { kind: 'phase', phase: 'individual-turns', segment: 'movement' },
    text: "Before another player's Movement segment: one of that player's fleets may not move this turn.",
  },
  {
    id: 'skilled-retreat',
    name: 'Skilled Retreat',
    count: 3,
    timing: battleRound,
    text: 'Before a space battle round in which you defend, withdraw one fleet to an adjacent system that is yours or empty. Not against a fleet with an Admiral unless yours has one (OR-6.2).',
    source: TI2_TEXT,
  },
  {
    id: 'spacedock-accident',
    name: 'Spacedock Accident',
    count: 1,
    timing: { kind: 'any-time' },
    text: "Destroy one Spacedock of another player outside that player's home system.",
  },
  {
    id: 'spatial-jump',
    name: 'Spatial Jump',
    count: 1,
    timing: ownTurn('movement'),
    text: 'Before your Movement segment: send one fleet to any system as with the Spatial Jump technology; each ship is lost on 8-10.',
    source: 'TI2 name and count; text = one-shot Spatial Jump technology (base-game-facts §10)',
  },
  {
    id: 'stellar-criminals',
    name: 'Stellar Criminals',
    count: 2,
    timing: inPhase('receive-credits'),
    text: 'One opponent receives half its credits (rounded down) this phase.',
    source: TI2_TEXT,
  },
  {
    id: 'successful-spy',
    name: 'Successful Spy',
    count: 2,
    timing: inPhase('technology'),
    text: 'Buy one technology another player owns for 10 credits less, if you meet its prerequisites.',
  },
  {
    id: 'tax-rebate',
    name: 'Tax Rebate',
    count: 1,
    timing: inPhase('purchase-units'),
    text: 'Each unit you buy this phase costs 1 credit less (at least 1).',
  },
  {
    id: 'technological-breakthrough',
    name: 'Technological Breakthrough',
    count: 1,
    timing: inPhase('technology'),
    text: 'You may buy a second technology this phase.',
  },
  {
    id: 'thugs',
    name: 'Thugs',
    count: 1,
    timing: inPhase('political'),
    text: 'One player may not vote this round.',
  },
  {
    id: 'touch-of-genius',
    name: 'Touch of Genius',
    count: 1,
    timing: inPhase('technology'),
    text: 'Your technology costs 10 credits less this phase.',
  },
  {
    id: 'trade-stop',
    name: 'Trade Stop',
    count: 1,
    timing: inPhase('receive-trade-income'),
    text: 'No trade agreement pays income this phase.',
  },
  {
    id: 'transit-diodes',
    name: 'Transit Diodes',
    count: 1,
    timing: ownTurn('movement'),
    text: 'Before your Movement segment: move up to 3 Ground Forces between planets you control.',
  },
  {
    id: 'uprising',
    name: 'Uprising',
    count: 4,
    timing: inPhase('political'),
    text: 'Make an insurgence check on one planet of another player outside its home system: d10 +1 per Cruiser or Dreadnought of its owner there; below its influence, 2 Ground Forces there die and an empty planet turns neutral.',
  },
  {
    id: 'veto',
    name: 'Veto',
    count: 2,
    timing: { kind: 'response', to: 'political-card' },
    text: 'Discard the political card just drawn and draw another.',
  },
  {
    id: 'voluntary-annexation',
    name: 'Voluntary Annexation',
    count: 2,
    timing: ownTurn('movement'),
    text: "Take control of one neutral planet in a system adjacent to a system you control. Never a minor race's planet (OR-2.2).",
    source: 'BG-9 wording; TI2 count (base-game-facts §7)',
  },
  {
    id: 'trade-agreement',
    name: 'Trade Agreement',
    count: 13,
    timing: ownTurn('movement'),
    text: 'Before your Movement segment: open a trade agreement with a player who accepts (one per pair of players).',
    source: 'TI2 count (base-game-facts §3); BG-11',
  },
];

export const ACTION_CARDS: readonly ActionCardDef[] = ROWS.map((row) => ({
  ...row,
  provisional: true,
  source: row.source ?? NAME_ONLY,
}));

const BY_ID = new Map(ACTION_CARDS.map((c) => [c.id, c]));

export function actionCardById(id: string): ActionCardDef | undefined {
  return BY_ID.get(id);
}

/**
 * Instance ids (`sabotage#1`, `sabotage#2`, ...) of the whole deck in a fixed
 * order; shuffling is the engine's job, with its seeded PRNG.
 */
export function actionDeck(): string[] {
  return deckInstances(ACTION_CARDS);
}
