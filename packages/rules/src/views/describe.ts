import { agentLeader, isAgentCard } from '../leaders/agent.js';
import { winReasonText } from '../phases/progression.js';
import { leaderName } from '../leaders/names.js';
import type { Galaxy, HexKey } from '@outer-rim/map';
import { cardIdOf } from '../content/deck.js';
import { RACES } from '../content/races.js';
import { UNITS } from '../content/units.js';
import { politicalCardById } from '../content/political-cards.js';
import { techById } from '../content/technologies.js';
import { momentWords } from '../cards/moments.js';
import type { CardTarget } from '../cards/types.js';
import type { GameEvent } from '../events.js';
import type { TurnSegment } from '../state/phase.js';
import type { Owner, UnitCounts, UnitKind } from '../state/types.js';
import { riftRollWords } from '../movement/rift-words.js';
import { cardName, phaseName, systemName, techName, tileName, words } from './names.js';

const SEGMENT_NAMES: Readonly<Record<TurnSegment, string>> = {
  // OR-6.2: "leaders board ships", named as the other segments are.
  'leaders-board': 'Leaders Board Ships',
  movement: 'Movement',
  'space-battle': 'Space Battle',
  'invasion-combat': 'Invasion Combat',
};

/** A political card instance by its name (`revote#2` → "Revote"). */
export function politicalCardName(instance: string): string {
  return politicalCardById(cardIdOf(instance))?.name ?? 'an unknown political card';
}

/** A vote's choice in plain words: for, against, a player, a planet or a law. */
export function choiceName(choice: string, names: readonly string[] = []): string {
  const [kind, ...rest] = choice.split(':');
  const target = rest.join(':');
  switch (kind) {
    case 'player': {
      const seat = Number(target);
      return names[seat] ?? `Seat ${seat + 1}`;
    }
    case 'planet':
      return target;
    case 'law':
      return politicalCardName(target);
    default:
      return choice;
  }
}

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

/** A sentence may start with "the Naalu Collective (minor race)". */
function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function unitName(unit: UnitKind, n: number): string {
  const name = UNITS[unit].name;
  if (n === 1) return `1 ${name}`;
  return `${n} ${name === 'PDS' ? name : `${name}s`}`;
}

/** "2 Cruisers, 1 Carrier and 3 Fighters". */
export function unitList(units: UnitCounts): string {
  const parts = (Object.entries(units) as [UnitKind, number][])
    .filter(([, n]) => n > 0)
    .map(([u, n]) => unitName(u, n));
  if (parts.length <= 1) return parts[0] ?? 'nothing';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`;
}

function describeLeaderFate(
  e: Extract<GameEvent, { type: 'leader-fate' }>,
  who: (seat: number) => string,
): string {
  const name = leaderName(e.leader);
  const Name = name.charAt(0).toUpperCase() + name.slice(1);
  switch (e.fate) {
    case 'killed':
      return `${Name} (${who(e.owner)}) is killed (${e.reason}).`;
    case 'captured':
      return `${Name} (${who(e.owner)}) is captured by ${e.by === undefined ? 'the enemy' : who(e.by)} (${e.reason}).`;
    case 'escaping':
      return `${Name} (${who(e.owner)}) escapes from ${e.planet ?? 'its planet'} (${e.reason}); ${who(e.owner)} chooses where it goes.`;
    case 'escaped':
      return `${Name} (${who(e.owner)}) escapes to ${e.planet ?? 'another planet'} (${e.reason}).`;
    case 'rescued':
      return `${Name} is rescued by ${who(e.owner)}${e.planet === undefined ? '' : ` onto ${e.planet}`} (${e.reason}).`;
    case 'handed-over':
      return e.by === undefined
        ? `${Name} is released to ${who(e.owner)} (${e.reason}).`
        : `${Name} (${who(e.owner)}) is handed over to ${who(e.by)} (${e.reason}).`;
    case 'executed':
      return `${Name} (${who(e.owner)}) is executed (${e.reason}).`;
  }
}

/**
 * A log line in plain words; `names` are the seats' display names and
 * `galaxy` (when given) names the systems units move through.
 */
export function describeEvent(
  e: GameEvent,
  names: readonly string[] = [],
  galaxy?: Galaxy,
): string {
  const place = (hex: HexKey): string => systemName(hex, galaxy);
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
      return e.planet === undefined
        ? `${who(e.seat)} buys ${units(e.count, e.unit)} for ${plural(e.cost, 'credit')}.`
        : `${who(e.seat)} buys the Scientist's PDS on ${e.planet} for ${plural(e.cost, 'credit')}.`;
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
    case 'ships-moved': {
      const via = e.path.slice(0, -1);
      const through = via.length > 0 ? ` through ${via.map(place).join(', ')}` : '';
      const rift =
        e.riftSide === undefined ? '' : ` (whipped out of the rift through side ${e.riftSide})`;
      return `${who(e.seat)} moves ${unitList(e.units)} from ${place(e.from)} to ${place(e.to)}${through}${rift}.`;
    }
    case 'units-loaded':
      return `${who(e.seat)} loads ${unitName(e.unit, e.count)} aboard at ${e.planet ?? place(e.hex)}.`;
    case 'fighters-lost':
      return `${who(e.seat)} loses ${unitName('fighter', e.count)} at ${place(e.hex)}: no Carrier or Spacedock supports them.`;
    case 'rift-rolled': {
      return `${who(e.seat)}: a ${UNITS[e.unit].name} in ${place(e.hex)} rolls ${e.roll} and ${riftRollWords(e.roll, e.sides)}.`;
    }
    case 'ship-stayed':
      return `${who(e.seat)}: a ${UNITS[e.unit].name} stays in ${place(e.hex)} (${e.reason}).`;
    case 'technology-bought':
      return `${who(e.seat)} acquires ${techName(e.technology)} for ${plural(e.cost, 'credit')}.`;
    case 'technology-passed':
      return `${who(e.seat)} buys no technology.`;
    case 'unit-placed':
      return `${owner(e.owner)} places ${units(1, e.unit)} ${e.planet ? `on ${e.planet}` : `in ${systemName(e.hex, galaxy)}`}${e.ability === undefined ? '' : ` (${e.ability})`}.`;
    case 'units-lost':
      return `${who(e.seat)} loses ${units(e.count, e.unit)} (${LOSS_REASONS[e.reason] ?? e.reason}).`;
    case 'placement-ended':
      return `${who(e.seat)} is done placing units.`;
    case 'battle-started':
      return e.defender === null
        ? `PDS fire at ${who(e.attacker)}'s ships in ${place(e.hex)}.`
        : `Battle in ${place(e.hex)}: ${who(e.attacker)} attacks ${owner(e.defender)}.`;
    case 'battle-round':
      return e.planet === undefined
        ? `Battle in ${place(e.hex)}: round ${e.round}.`
        : `Ground combat on ${e.planet}: round ${e.round}.`;
    case 'hits-scored':
      return `${cap(owner(e.by))} scores ${plural(e.hits, 'hit')} on ${owner(e.against)} (${e.reason}).`;
    case 'units-destroyed':
      return `${cap(owner(e.owner))} loses ${unitList(e.units)}${e.planet ? ` on ${e.planet}` : ` in ${place(e.hex)}`} (${e.reason}).`;
    case 'fleet-withdrew':
      return `${who(e.seat)} withdraws ${unitList(e.units)} from ${place(e.hex)} to ${place(e.to)}.`;
    case 'battle-ended':
      return e.winner === null
        ? `The battle in ${place(e.hex)} is over: ${e.reason}.`
        : `The battle in ${place(e.hex)} is over: ${owner(e.winner)} holds the system (${e.reason}).`;
    case 'units-landed':
      return `${who(e.seat)} lands ${unitList(e.units)} on ${e.planet}.`;
    case 'invasion-started':
      return e.defender === null
        ? `${who(e.invader)} invades ${e.planet}.`
        : `${who(e.invader)} invades ${e.planet}, held by ${owner(e.defender)}.`;
    case 'invasion-ended':
      return e.winner === null
        ? `The invasion of ${e.planet} is over: ${e.reason}.`
        : `The invasion of ${e.planet} is over: ${owner(e.winner)} holds it (${e.reason}).`;
    case 'planet-captured':
      return e.from === null
        ? `${who(e.to)} takes control of ${e.planet}.`
        : `${who(e.to)} takes ${e.planet} from ${owner(e.from)}.`;
    case 'invasion-delayed':
      return `${who(e.by)}'s ${leaderName(e.leader).replace(/^the /, '')} delays ${who(e.invader)}'s invasion of ${e.planet} by one turn: the forces stay aboard.`;
    case 'passage-answered':
      return e.accept
        ? `${who(e.seat)} lets ${who(e.mover)}'s fleet with its Diplomat pass.`
        : `${who(e.seat)} refuses ${who(e.mover)}'s fleet with its Diplomat passage.`;
    case 'shock-force-promoted':
      return `${who(e.owner)}: ${e.count === 1 ? 'a Ground Force becomes a Shock Force' : `${e.count} Ground Forces become Shock Forces`} on ${e.planet}.`;
    case 'installations-captured':
      return `${who(e.seat)}'s Shock Forces capture ${unitList(e.units)} on ${e.planet}.`;
    case 'leader-moved':
      return `${who(e.owner)} moves ${leaderName(e.leader)} ${e.planet === undefined ? `aboard a ${e.ship === undefined ? 'ship' : UNITS[e.ship].name}` : `onto ${e.planet}`} in ${place(e.hex)}.`;
    case 'leader-fate':
      return describeLeaderFate(e, who);
    case 'political-deck-shuffled':
      return `The political deck of ${plural(e.cards, 'card')} is shuffled.`;
    case 'agenda-revealed':
      return e.revote === undefined
        ? `The agenda: ${politicalCardName(e.card)}.`
        : `Revote: ${politicalCardName(e.revote)} is voted on again.`;
    case 'no-vote':
      return `There is no vote this round (${e.reason}).`;
    case 'agenda-vetoed':
      return `${who(e.seat)} pays ${plural(e.cost, 'credit')} to veto ${politicalCardName(e.card)} (now ${e.total}): the next card is drawn.`;
    case 'agenda-discarded':
      return `${politicalCardName(e.card)} is set aside: ${e.reason}.`;
    case 'agenda-picked':
      return `${who(e.seat)}'s Diplomat on Mecatol Rex picks ${politicalCardName(e.card)} as the agenda.`;
    case 'voting-order':
      return `Voting order: ${e.order.map(who).join(', ')}.`;
    case 'vote-cast':
      return e.choice === 'abstain'
        ? `${who(e.seat)} abstains.`
        : `${who(e.seat)} casts ${plural(e.votes, 'vote')} ${e.choice === 'for' || e.choice === 'against' ? e.choice : `for ${choiceName(e.choice, names)}`}.`;
    case 'tie-broken':
      return `${who(e.seat)} breaks the tie: ${choiceName(e.choice, names)}.`;
    case 'agenda-resolved':
      return e.result === 'for' || e.result === 'against'
        ? `${politicalCardName(e.card)} ${e.passed ? 'passes' : 'fails'}.`
        : `${politicalCardName(e.card)}: ${choiceName(e.result, names)} is elected.`;
    case 'law-enacted':
      return `${politicalCardName(e.card)} is now in force${e.elected === undefined ? '' : ` for ${choiceName(e.elected, names)}`}${e.expires === undefined ? '' : ` until round ${e.expires}`}.`;
    case 'law-repealed':
      return `${politicalCardName(e.card)} leaves play: ${e.reason}.`;
    case 'fine-paid':
      return `${who(e.seat)} pays a fine of ${plural(e.amount, 'credit')} (${e.reason}).`;
    case 'planet-abandoned':
      return `${who(e.seat)} gives up ${e.planet} (${e.reason}).`;
    case 'units-moved-home':
      return `${who(e.seat)}'s ${unitList(e.units)} go from ${e.from} home to ${e.to}.`;
    case 'hand-discarded':
      return `${who(e.seat)} discards ${plural(e.count, 'action card')} (${e.reason}).`;
    case 'hopes-end-converted':
      return `${who(e.seat)} pays ${plural(e.cost, 'credit')}: a Ground Force on ${e.planet} becomes a Shock Force.`;
    case 'card-window-opened':
      return `Action cards may be played now (${momentWords(e.trigger, who, place)}).`;
    case 'card-window-closed':
      return 'No more action cards are played at this moment.';
    case 'card-played':
      // OR-6.2: an Agent sacrificed stands in for a Sabotage card.
      return isAgentCard(e.card)
        ? `${who(e.seat)} sacrifices ${leaderName(agentLeader(e.card))} as a Sabotage card.`
        : `${who(e.seat)} plays ${cardName(e.card)}${targetWords(e.target, who, place)}.`;
    case 'card-cancelled':
      return `${who(e.by)}'s Sabotage cancels ${who(e.seat)}'s ${cardName(e.card)}.`;
    case 'card-resolved':
      return `${who(e.seat)}'s ${cardName(e.card)} takes effect.`;
    case 'card-prompts-set':
      return e.ask
        ? `${who(e.seat)} wants to be asked about action cards again.`
        : `${who(e.seat)} asks not to be asked about action cards.`;
    case 'credits-paid':
      return `${who(e.from)} pays ${who(e.to)} ${plural(e.amount, 'credit')} (${e.reason}).`;
    case 'planet-neutral':
      return `${e.planet} breaks away from ${who(e.from)} and becomes neutral (${e.reason}).`;
    case 'hand-revealed':
      return e.cards === undefined
        ? `${who(e.seat)} looks at ${who(e.of)}'s action cards.`
        : `${who(e.seat)} looks at ${who(e.of)}'s action cards: ${e.cards.length === 0 ? 'none' : e.cards.map(cardName).join(', ')}.`;
    case 'planet-annexed':
      return `${who(e.seat)} annexes ${e.planet}.`;
    case 'fighters-returned':
      return `${who(e.seat)} takes ${unitName('fighter', e.count)} from ${e.planet} back to space.`;
    case 'technology-used':
      return `${who(e.seat)} uses ${techName(e.technology)}.`;
    case 'ground-forces-shifted':
      return `${who(e.seat)} moves ${unitName('ground-force', e.count)} from ${e.from} to ${e.to}.`;
    case 'fleet-jammed':
      return `${who(e.by)} jams the signals of ${who(e.seat)}'s fleet in ${place(e.hex)}: it may not move this turn.`;
    case 'trade-proposed':
      return `${who(e.from)} offers ${who(e.to)} a trade agreement.`;
    case 'trade-refused':
      return `${who(e.to)} refuses the trade agreement of ${who(e.from)}.`;
    case 'trade-agreed':
      return `${who(e.seats[0])} and ${who(e.seats[1])} are now trade partners.`;
    case 'trade-ended':
      return `The trade agreement of ${who(e.seats[0])} and ${who(e.seats[1])} ends: ${e.reason}.`;
    case 'trade-income':
      return `${who(e.seat)} receives ${plural(e.amount, 'credit')} of trade income from the agreement with ${who(e.partner)} (now ${e.total}).`;
    case 'trade-income-stopped':
      return `No trade agreement pays income this phase (${e.reason}).`;
    case 'income-changed':
      return `${who(e.seat)}'s income changes by ${e.amount} (${e.reason}).`;
    case 'game-over':
      // BG-10: the reason in words; a shared victory names everyone who shares it.
      return e.winner !== null
        ? `The game is over. ${who(e.winner)} wins: ${who(e.winner)} ${winReasonText(e.reason)}.`
        : e.winners !== undefined && e.winners.length > 1
          ? `The game is over. ${e.winners.map(who).join(' and ')} share the victory: they ${winReasonText(e.reason)}, and tied on influence and on resources (BG-10).`
          : `The game is over: a shared victory, tied on every tie-break (${winReasonText(e.reason)}).`;
  }
}

function targetWords(
  t: CardTarget | undefined,
  who: (seat: number) => string,
  place: (hex: HexKey) => string,
): string {
  if (t === undefined) return '';
  const parts: string[] = [];
  if (t.seat !== undefined) parts.push(who(t.seat));
  if (t.other !== undefined) parts.push(who(t.other));
  if (t.count !== undefined && t.unit === undefined)
    parts.push(`${t.count} Ground Force${t.count === 1 ? '' : 's'}`);
  if (t.unit !== undefined) parts.push(`a ${UNITS[t.unit].name}`);
  if (t.planet !== undefined) parts.push(t.to === undefined ? t.planet : `from ${t.planet}`);
  if (t.to !== undefined) parts.push(`to ${t.to}`);
  if (t.hex !== undefined) parts.push(`in ${place(t.hex)}`);
  if (t.toHex !== undefined) parts.push(`to ${place(t.toHex)}`);
  if (t.technology !== undefined) parts.push(techById(t.technology)?.name ?? 'a technology');
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}
