import type { Galaxy } from '@outer-rim/map';
import { RACES } from '../content/races.js';
import { UNITS } from '../content/units.js';
import type { GameEvent } from '../events.js';
import type { TurnSegment } from '../state/phase.js';
import type { Owner, UnitKind } from '../state/types.js';
import { cardName, systemName, techName, tileName, words } from './names.js';

const SEGMENT_NAMES: Readonly<Record<TurnSegment, string>> = {
  'leaders-board': 'Leaders board',
  movement: 'Movement',
  'space-battle': 'Space Battle',
  'invasion-combat': 'Invasion Combat',
};

const PHASE_NAMES: Readonly<Record<string, string>> = {
  progression: 'Progression',
  market: 'Market',
  assassin: 'Assassin',
  political: 'Political',
  'draw-action-cards': 'Draw Action Cards',
  'receive-credits': 'Receive Credits',
  'purchase-units': 'Purchase Units',
  'individual-turns': 'Individual Turns',
  'receive-trade-income': 'Receive Trade Income',
  technology: 'Technology',
  'place-new-units': 'Place New Units',
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function units(n: number, unit: UnitKind): string {
  const name = UNITS[unit].name;
  if (n === 1) return `a ${name}`;
  // PDS is its own plural; the rest take an s.
  return `${n} ${name}${name.endsWith('S') ? '' : 's'}`;
}

/** Why units waiting in Place New Units were lost, in words. */
const LOSS_REASONS: Readonly<Record<string, string>> = {
  blockade: 'enemy ships blockade the Spacedocks',
  'no room': 'no Spacedock had room left',
  'not placed': 'left unplaced',
  'planet lost': 'its planet changed hands',
};

const GAME_OVER_REASONS: Readonly<Record<string, string>> = {
  'imperium-rex': 'Imperium Rex reached',
  'last-with-planets': 'only one player still holds planets',
  'round-limit': 'the round limit was reached',
};

/** The end of the game in words, for the log and the status line. */
export function gameOverReason(reason: string): string {
  return GAME_OVER_REASONS[reason] ?? words(reason).toLowerCase();
}

export function segmentName(segment: TurnSegment): string {
  return SEGMENT_NAMES[segment];
}

export function phaseName(phase: string): string {
  return PHASE_NAMES[phase] ?? words(phase);
}

/**
 * A log line in plain words; `names` are the seats' display names, and the
 * galaxy (when given) names systems by their planets.
 */
export function describeEvent(
  e: GameEvent,
  names: readonly string[] = [],
  galaxy?: Pick<Galaxy, 'tiles'>,
): string {
  const who = (seat: number): string => names[seat] ?? `Seat ${seat + 1}`;
  const owner = (o: Owner): string =>
    typeof o === 'number'
      ? who(o)
      : `the ${RACES[o.slice(6) as keyof typeof RACES].name} (minor race)`;
  switch (e.type) {
    case 'game-created':
      return `A game for ${e.players} players begins: ${e.races.map((r) => RACES[r].name).join(', ')}.`;
    case 'dice-rolled':
      return `${e.seat === undefined ? '' : `${who(e.seat)}: `}${e.purpose}: rolled ${e.rolls.join(', ')} (d${e.sides}).`;
    case 'first-player-chosen':
      return `${who(e.seat)} places the first galaxy tile.`;
    case 'compensation':
      return `${who(e.seat)} sits ${e.reason} and receives ${e.credits} extra credits.`;
    case 'tiles-dealt':
      return `${who(e.seat)} is dealt ${plural(e.count, 'galaxy tile')}${e.tiles ? `: ${e.tiles.map(tileName).join(', ')}` : ''}.`;
    case 'tile-placed':
      return `${who(e.seat)} places ${tileName(e.tileId)} in ${systemName(e.hex).replace(/^a system in /, '')}.`;
    case 'tiles-discarded':
      return `${who(e.seat)} sets aside ${plural(e.count, 'tile')} (${e.reason}).`;
    case 'galaxy-built':
      return 'The galaxy is complete.';
    case 'minor-race-placed':
      return `The ${RACES[e.race].name} become a minor race in ${systemName(e.from, galaxy)}; the ${tileName(e.movedTile)} there moves out to the Outer Rim.`;
    case 'round-started':
      return `Round ${e.round} begins.`;
    case 'phase-started':
      return `${phaseName(e.phase)} phase.`;
    case 'phase-skipped':
      return `${phaseName(e.phase)} phase skipped: ${e.reason}.`;
    case 'bracket-reached':
      return `${who(e.seat)} reaches ${e.name}.`;
    case 'offer-made':
      return `${who(e.from)} offers ${who(e.to)} ${plural(e.credits, 'credit')} and ${plural(e.cardCount, 'action card')}.`;
    case 'offer-accepted':
      return `${who(e.to)} accepts the offer of ${who(e.from)}.`;
    case 'offer-declined':
      return `${who(e.to)} declines the offer of ${who(e.from)}.`;
    case 'offer-withdrawn':
      return `${who(e.from)} withdraws the offer to ${who(e.to)}.`;
    case 'market-ended':
      return `${who(e.seat)} leaves the market.`;
    case 'cards-drawn':
      return `${who(e.seat)} draws ${plural(e.count, 'action card')}${e.cards ? `: ${e.cards.map(cardName).join(', ')}` : ''}.`;
    case 'deck-reshuffled':
      return `The action card discards are shuffled into a new deck of ${e.cards}.`;
    case 'card-discarded':
      return `${who(e.seat)} discards ${cardName(e.card)}.`;
    case 'credits-received':
      return `${who(e.seat)} receives ${plural(e.amount, 'credit')} (now ${e.total}).`;
    case 'units-purchased':
      return `${who(e.seat)} buys ${units(e.count, e.unit)} for ${plural(e.cost, 'credit')}.`;
    case 'spacedock-ordered':
      return `${who(e.seat)} buys a Spacedock for ${e.planet} (${e.cost} credits).`;
    case 'purchases-cancelled':
      return `${who(e.seat)} cancels their purchases (${plural(e.refund, 'credit')} back).`;
    case 'purchase-ended':
      return `${who(e.seat)} is done buying.`;
    case 'turn-order':
      return `Turn order: ${e.order.map(who).join(', ')}.`;
    case 'turn-started':
      return `${who(e.seat)}'s turn.`;
    case 'segment-started':
      return `${who(e.seat)}: ${SEGMENT_NAMES[e.segment]} segment.`;
    case 'turn-ended':
      return `${who(e.seat)} ends the turn.`;
    case 'technology-bought':
      return `${who(e.seat)} acquires ${techName(e.technology)} for ${plural(e.cost, 'credit')}.`;
    case 'technology-passed':
      return `${who(e.seat)} buys no technology.`;
    case 'unit-placed':
      return `${owner(e.owner)} places ${units(1, e.unit)} ${e.planet ? `on ${e.planet}` : `in ${systemName(e.hex, galaxy)}`}.`;
    case 'units-lost':
      return `${who(e.seat)} loses ${units(e.count, e.unit)} (${LOSS_REASONS[e.reason] ?? e.reason}).`;
    case 'placement-ended':
      return `${who(e.seat)} is done placing units.`;
    case 'game-over':
      return e.winner === null
        ? `The game is over (${gameOverReason(e.reason)}): shared victory.`
        : `The game is over (${gameOverReason(e.reason)}): ${who(e.winner)} wins.`;
  }
}
