import {
  boardRing,
  distance,
  CENTER,
  tileById,
  type Galaxy,
  type Hex,
  type HexKey,
  type TileDef,
} from '@outer-rim/map';
import {
  actionCardById,
  cardIdOf,
  cardName,
  leaderName,
  segmentName,
  techById,
  techName,
  TECH_COLOUR_NAMES,
  prerequisiteIds,
  systemName,
  type Action,
  type ActionOf,
  type Offer,
  type PassageOption,
  type TurnSegment,
} from '@outer-rim/rules';

type Names = readonly string[];

/** What the words may refer to beyond the action itself. */
export interface WordsContext {
  /** Offers on the table in the Market phase, to say what accepting one brings. */
  readonly offers?: readonly Offer[];
  /** The current segment of an individual turn, for "End the movement segment". */
  readonly segment?: TurnSegment;
  /** The viewer's credits, hand and waiting purchases, for the forms that choose amounts. */
  readonly credits?: number;
  readonly hand?: readonly string[];
  readonly purchases?: Readonly<Partial<Record<string, number>>>;
  /** The board, to name a system by its planets. */
  readonly galaxy?: Galaxy;
  /** The seat's Spacedocks and how many new units each may place per round. */
  readonly docks?: readonly { readonly planet: string; readonly capacity: number }[];
  /** BG-2 Place New Units: how many more units each of the seat's Spacedocks may place this round. */
  readonly dockRoom?: Readonly<Record<string, number>>;
  /** BG-7: the systems where the seat's forces can land now (Invasion Combat). */
  readonly landings?: readonly string[];
  /** BG-9 Corporate Sponsorship: credits left this phase that pay for PDS (and Spacedocks) only. */
  readonly sponsorship?: number;
  /** What each unit costs this seat (race and technology discounts included). */
  readonly unitCosts?: Readonly<Partial<Record<string, number>>>;
  /** OR-6.2: fleet moves with a Diplomat through other players' ships, and whom each asks. */
  readonly passages?: readonly PassageOption[];
  /** BG-9 Gen Synthesis: planets where a bought Ground Force waits for Place New Units. */
  readonly groundForceOrders?: readonly string[];
  /** BG-9: what each technology costs this seat now (race abilities, cards and laws included). */
  readonly techPrices?: Readonly<Partial<Record<string, number>>>;
  /** OR-6.2: the seat's leaders' ship of a kind in a system, as the forms show it ("Cruiser with the Admiral aboard"). */
  readonly leaderShipLabel?: (hex: HexKey, kind: string) => string | undefined;
}

const UNIT_WORDS: Readonly<Record<string, [string, string]>> = {
  dreadnought: ['Dreadnought', 'Dreadnoughts'],
  carrier: ['Carrier', 'Carriers'],
  cruiser: ['Cruiser', 'Cruisers'],
  fighter: ['Fighter', 'Fighters'],
  'ground-force': ['Ground Force', 'Ground Forces'],
  'shock-force': ['Shock Force', 'Shock Forces'],
  pds: ['PDS', 'PDS'],
  spacedock: ['Spacedock', 'Spacedocks'],
};

export function unitWord(unit: string, count = 1): string {
  const words = UNIT_WORDS[unit];
  if (words === undefined) return unit;
  return count === 1 ? words[0] : words[1];
}

export function tileWords(tile: TileDef | undefined, id: string): string {
  if (tile === undefined) return id;
  if (tile.planets.length > 0) {
    return tile.planets.map((p) => `${p.name} ${p.resources}/${p.influence}`).join(' + ');
  }
  if (tile.anomaly !== undefined) return tile.anomaly.replace('-', ' ');
  if (tile.wormhole !== undefined) return `${tile.wormhole} wormhole`;
  return 'empty space';
}

/** Where a hex of the board is, without its key: "ring 2, place 3 of 12 clockwise from the top". */
function ringPlace(hex: Hex): string {
  const ring = distance(CENTER, hex);
  if (ring === 0) return 'the centre';
  const places = boardRing(ring);
  const at = places.findIndex((h) => h.q === hex.q && h.r === hex.r);
  if (at === -1) return `ring ${ring}`;
  return `ring ${ring}, place ${at + 1} of ${places.length} clockwise from the top`;
}

function seatName(names: Names, seat: number): string {
  return names[seat] ?? `Seat ${seat + 1}`;
}

/**
 * A button label for one legal action, in the game's own words. An action
 * type this page does not know yet still gets a readable label, so a new
 * rule in the engine is playable before the page learns its wording.
 */
export function actionWords(action: Action, names: Names = [], context: WordsContext = {}): string {
  switch (action.type) {
    case 'place-tile':
      return `Place ${tileWords(tileById(action.tileId), action.tileId)} in ${ringPlace(action.hex)}${
        action.rotation === undefined || action.rotation === 0 ? '' : `, turned ${action.rotation}`
      }`;
    case 'make-offer': {
      const cards = action.cards.length;
      const parts = [
        ...(action.credits > 0
          ? [`${action.credits} credit${action.credits === 1 ? '' : 's'}`]
          : []),
        ...(cards > 0 ? [action.cards.map(cardName).join(', ')] : []),
      ];
      return `Offer ${parts.length === 0 ? 'nothing' : parts.join(' and ')} to ${seatName(names, action.to)}`;
    }
    case 'withdraw-offer':
      return `Withdraw ${offerWords(action.offerId, names, context, 'to')}`;
    case 'accept-offer':
      return `Accept ${offerWords(action.offerId, names, context, 'from')}`;
    case 'decline-offer':
      return `Decline ${offerWords(action.offerId, names, context, 'from')}`;
    case 'end-market':
      return 'Done trading';
    case 'discard':
      return `Discard ${cardName(action.card)}`;
    case 'purchase':
      if (action.planet !== undefined) {
        // BG-9: Integrated Economy places at a Spacedock at once; Gen Synthesis buys for a planet without one.
        const docked = context.docks?.some((d) => d.planet === action.planet) === true;
        return docked
          ? `Buy ${basketWords(action.units)} placed at once at ${action.planet} (Integrated Economy)`
          : `Buy 1 Ground Force for ${action.planet} (Gen Synthesis)`;
      }
      return `Buy ${basketWords(action.units)}`;
    case 'purchase-spacedock':
      return `Buy a Spacedock on ${action.planet}`;
    case 'cancel-purchases':
      return 'Cancel all purchases';
    case 'end-purchase':
      return 'Done buying';
    case 'end-segment':
      return context.segment === undefined
        ? 'End this segment'
        : `End the ${segmentName(context.segment)} segment`;
    case 'end-turn':
      return 'End my turn';
    case 'buy-technology':
      return `Buy ${techWords(action.technology)}`;
    case 'pass-technology':
      return 'Buy no technology';
    case 'use-technology':
      return useTechnologyWords(action, context);
    case 'place-unit':
      return (action.count ?? 1) > 1
        ? `Place ${action.count ?? 1} ${unitWord(action.unit, action.count)} at ${action.planet}`
        : `Place a ${unitWord(action.unit)} at ${action.planet}`;
    case 'end-placement':
      return 'Done placing units';
    // OR-6.2 leaders: boarding, landing, and the captor's choice in the Political phase.
    case 'board-leader':
      return `Put ${leaderName(action.leader)} aboard a ${unitWord(action.ship)}`;
    case 'land-leader':
      return `Land ${leaderName(action.leader)} on ${action.planet}`;
    case 'escape-leader':
      return `Send ${leaderName(action.leader)} to ${action.planet}`;
    case 'diplomat-delay':
      return action.delay
        ? 'Delay the invasion by one turn with your Diplomat'
        : 'Let the invasion go on';
    case 'answer-passage':
      return action.accept ? 'Let the fleet pass' : 'Refuse passage';
    case 'purchase-scientist-pds':
      return `Buy the Scientist's PDS on ${action.planet} for 5 credits`;
    case 'move':
      return moveWords(action, names, context);
    case 'eavesdrop':
      return `Look at ${seatName(names, action.seat)}'s action cards`;
    case 'veto-agenda':
      return action.veto ? 'Pay 5 credits: veto the agenda' : 'Let the agenda stand';
    case 'captive':
      return action.execute === true
        ? `Execute ${leaderName(action.leader)}`
        : action.to === undefined
          ? 'Keep your captives'
          : `Hand ${leaderName(action.leader)} over to ${seatName(names, action.to)}`;
    default:
      return genericWords(action);
  }
}

/** BG-9: a technology used as a choice, by its printed name and what it does here. */
function useTechnologyWords(
  action: Extract<Action, { type: 'use-technology' }>,
  context: WordsContext,
): string {
  const name = techName(action.technology);
  const place = (hex: string | undefined) =>
    hex === undefined ? 'a system' : systemName(hex as HexKey, context.galaxy);
  const count = action.count ?? 0;
  switch (action.technology) {
    case 'spatial-jump': {
      const jump = `${name}: jump the fleet in ${place(action.hex)} to ${place(action.toHex)} (each ship lost on 8-10)`;
      if (action.leaderShips?.includes('fighter') !== true) return jump;
      // OR-6.2: the leaders' Fighter named among the Fighters that jump.
      const label =
        (action.hex === undefined ? undefined : context.leaderShipLabel?.(action.hex, 'fighter')) ??
        'Fighter with your leaders aboard';
      return `${jump}, the ${label} among them`;
    }
    case 'transit-diodes':
    case 'shuttle-logistics':
      return `${name}: move ${count} ${unitWord('ground-force', count)} from ${action.planet ?? ''} to ${action.to ?? ''}`;
    case 'strategic-mathematics': {
      const where = `from ${place(action.hex)} to ${place(action.path?.at(-1))}`;
      if (action.leaderShips?.includes('cruiser') !== true)
        return `${name}: ${count} ${unitWord('cruiser', count)} move on ${where}`;
      // OR-6.2: the leaders' Cruiser named among them, in the words of the move form's line.
      const label =
        (action.hex === undefined ? undefined : context.leaderShipLabel?.(action.hex, 'cruiser')) ??
        'Cruiser with your leaders aboard';
      return count === 1
        ? `${name}: the ${label} moves on ${where}`
        : `${name}: ${count} Cruisers, the ${label} among them, move on ${where}`;
    }
    default:
      return name;
  }
}

/** More about a choice, shown on hover: the printed text of the card a choice is about. */
export function actionDetail(action: Action): string | undefined {
  if (action.type === 'discard') return actionCardById(cardIdOf(action.card))?.text;
  if (action.type === 'buy-technology' || action.type === 'use-technology')
    return techById(action.technology)?.effect;
  return undefined;
}

/** A technology as a choice: printed name, colour, cost and what it needs first. */
export function techWords(id: string): string {
  const tech = techById(id);
  if (tech === undefined) return id;
  const needs = prerequisiteIds(tech.prerequisites).map((p) => techById(p).name);
  const joiner = tech.prerequisites !== null && 'any' in tech.prerequisites ? ' or ' : ' and ';
  return `${tech.name} (${tech.colour} · ${TECH_COLOUR_NAMES[tech.colour]}, ${tech.cost} credits${
    needs.length === 0 ? '' : `; needs ${needs.join(joiner)}`
  })`;
}

/** A purchase's basket: "1 Carrier, 2 Cruisers and 1 PDS". */
export function basketWords(units: Readonly<Partial<Record<string, number>>>): string {
  const parts = Object.entries(units)
    .filter((e): e is [string, number] => (e[1] ?? 0) > 0)
    .map(([unit, n]) => `${n} ${unitWord(unit, n)}`);
  const last = parts.pop();
  if (last === undefined) return 'nothing';
  return parts.length === 0 ? last : `${parts.join(', ')} and ${last}`;
}

/** A fleet move in words; OR-6.2: one through other players' ships says whom it asks. */
function moveWords(action: ActionOf<'move'>, names: Names, context: WordsContext): string {
  const ships = Object.entries(action.ships)
    .filter((e): e is [string, number] => (e[1] ?? 0) > 0)
    .map(([unit, n]) => `${n} ${unitWord(unit, n)}`)
    .join(' and ');
  const to = action.path[action.path.length - 1];
  const where = to === undefined ? 'away' : `to ${systemName(to, context.galaxy)}`;
  const key = JSON.stringify(action);
  const passage = context.passages?.find((p) => JSON.stringify(p.move) === key);
  if (passage === undefined) return `Move ${ships} ${where}`;
  const asks = passage.asks.map((s) => seatName(names, s)).join(' and ');
  return `Move ${ships} with your Diplomat past ${asks}'s ships ${where} (asks ${asks})`;
}

function offerWords(id: number, names: Names, context: WordsContext, side: 'from' | 'to'): string {
  const offer = context.offers?.find((o) => o.id === id);
  if (offer === undefined) return `offer #${id}`;
  const cards = offer.cards.length;
  const parts = [
    ...(offer.credits > 0 ? [`${offer.credits} credit${offer.credits === 1 ? '' : 's'}`] : []),
    ...(cards > 0 ? [`${cards} action card${cards === 1 ? '' : 's'}`] : []),
  ];
  const what = parts.length === 0 ? 'nothing' : parts.join(' and ');
  return side === 'from'
    ? `${seatName(names, offer.from)}'s offer of ${what}`
    : `the offer of ${what} to ${seatName(names, offer.to)}`;
}

function genericWords(action: { type: string } & Record<string, unknown>): string {
  const head = action.type.replace(/-/g, ' ');
  const rest = Object.entries(action)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${key} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return [head.charAt(0).toUpperCase() + head.slice(1), ...rest].join(', ');
}

/** The heading a group of actions of one type goes under. */
export function actionGroupTitle(type: string): string {
  const titles: Record<string, string> = {
    'place-tile': 'Place a galaxy tile',
    'make-offer': 'Make an offer',
    'accept-offer': 'Offers to you',
    'decline-offer': 'Offers to you',
    'withdraw-offer': 'Your offers',
    purchase: 'Buy units',
    'purchase-spacedock': 'Buy a Spacedock',
    'buy-technology': 'Buy a technology',
    'use-technology': 'Use a technology',
    'place-unit': 'Place new units',
    discard: 'Discard down to the hand limit',
    // OR-6.2 leaders (fleet moves go to the move panel; a move listed here passes others' ships).
    move: 'Pass other players’ ships with your Diplomat',
    'escape-leader': 'Where your escaping leader goes',
    'diplomat-delay': 'Your Diplomat on the invaded planet',
    'answer-passage': 'A fleet with a Diplomat asks to pass your ships',
    'purchase-scientist-pds': 'Your Scientist’s PDS',
  };
  const title = titles[type];
  if (title !== undefined) return title;
  const words = type.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
