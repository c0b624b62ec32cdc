import { tradeEmbargoed } from '../politics/laws.js';
import type { HexKey } from '@outer-rim/map';
import { actionCardById } from '../content/action-cards.js';
import { cardIdOf } from '../content/deck.js';
import { TECHNOLOGIES, isTechId, prerequisitesMet, techById } from '../content/technologies.js';
import {
  destroy,
  loseUnsupportedFightersAt,
  n,
  planetUnits,
  rollDice,
  spaceUnits,
} from '../combat/forces.js';
import { homeHexKey, planetDef, planetsOf, spacedocksOf } from '../state/board.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table } from '../state/types.js';
import { admiralBlocksRetreat } from '../leaders/abilities.js';
import { ownerName } from './names.js';
import { systemName } from '../views/names.js';
import { addEffect } from './in-force.js';
import { movementPlays, movementSome, resolveMovementCard } from './movement-cards.js';
import { skilledRetreatTargets, skilledRetreat } from './retreat.js';
import { agreementBetween, canCancelAgreement, proposeTrade } from './trade.js';
import { momentWords, type WindowTrigger } from './moments.js';
import type { CardTarget, PlayedCard } from './types.js';

/**
 * BG-9: every action card's rule: when it may be played and on what
 * (`plays`: every legal target at a moment; empty: not now), and what it
 * does when it resolves. The texts are the content's (content/action-cards.ts,
 * provisional); this file implements them as written.
 */

/** The moment the table answers: a trigger, or a card being played (Sabotage). */
export type Moment =
  { kind: 'trigger'; trigger: WindowTrigger } | { kind: 'card'; played: PlayedCard };

export interface CardRule {
  plays: (t: Table, seat: Seat, m: Moment, card: string) => CardTarget[];
  /**
   * Whether `plays` gives any target, answered without listing them (the same answer: a window
   * asks only whether someone can play; rules whose list costs little leave it out).
   */
  some?: (t: Table, seat: Seat, m: Moment, card: string) => boolean;
  resolve: (d: Draft, played: PlayedCard, trigger: WindowTrigger) => void;
  /** The card stays face up when it resolves (a Trade Agreement) instead of going to the discard pile. */
  staysInPlay?: boolean;
  /**
   * An "any time" card with a moment of its own that opens a window for it
   * (Reparations: a planet has just been taken).
   */
  ownMoment?: boolean;
}

type TriggerOf<K extends WindowTrigger['kind']> = Extract<WindowTrigger, { kind: K }>;

function at<K extends WindowTrigger['kind']>(m: Moment, kind: K): TriggerOf<K> | undefined {
  return m.kind === 'trigger' && m.trigger.kind === kind ? (m.trigger as TriggerOf<K>) : undefined;
}

function atPhase(m: Moment, phase: string): boolean {
  const tr = at(m, 'phase-start');
  return tr?.phase === phase;
}

function atPolitical(m: Moment, step: string): boolean {
  return at(m, 'political')?.step === step;
}

const NONE: CardTarget[] = [];
const ONCE: CardTarget[] = [{}];

function others(t: Table, seat: Seat): Seat[] {
  return t.players.map((_, i) => i).filter((s) => s !== seat);
}

function planetHex(t: Table, planet: string): HexKey | undefined {
  return t.planets[planet]?.hex;
}

function isHome(t: Table, seat: Seat, planet: string): boolean {
  return planetHex(t, planet) === homeHexKey(t, seat);
}

/** Planets of other players (not minor races), with the owner. */
function othersPlanets(t: Table, seat: Seat): { planet: string; owner: Seat }[] {
  const out: { planet: string; owner: Seat }[] = [];
  for (const [planet, p] of Object.entries(t.planets)) {
    if (typeof p.owner === 'number' && p.owner !== seat) out.push({ planet, owner: p.owner });
  }
  return out.sort((a, b) => a.planet.localeCompare(b.planet));
}

function effect(
  until: 'turn' | 'combat-round' | 'phase' | 'round',
): (d: Draft, played: PlayedCard) => void {
  return (d, played) => {
    addEffect(d, {
      card: cardIdOf(played.card),
      seat: played.seat,
      until,
      ...(played.target === undefined ? {} : { target: played.target }),
    });
  };
}

/** A card whose whole rule is "at this phase's start; lasts for the phase". */
function phaseCard(phase: string, until: 'phase' | 'round' = 'phase'): CardRule {
  return { plays: (_t, _s, m) => (atPhase(m, phase) ? ONCE : NONE), resolve: effect(until) };
}

/** A card played at a step of the Political phase (politics/ opens those windows); lasts the round. */
function politicalCard(step: string): CardRule {
  return { plays: (_t, _s, m) => (atPolitical(m, step) ? ONCE : NONE), resolve: effect('round') };
}

/** Targets: each other player (who must exist). */
function againstAnother(t: Table, seat: Seat): CardTarget[] {
  return others(t, seat).map((s) => ({ seat: s }));
}

function ownedTechs(t: Table, seat: Seat): string[] {
  return t.players[seat]?.technologies ?? [];
}

function addGroundForces(d: Draft, planet: string, seat: Seat, count: number): void {
  const hex = planetHex(d.s, planet);
  if (hex === undefined || count <= 0) return;
  d.addUnits(hex, planet, seat, 'ground-force', count);
  for (let i = 0; i < count; i++)
    d.emit({ type: 'unit-placed', owner: seat, unit: 'ground-force', hex, planet });
}

/** A card played just before a Movement segment (cards/movement-cards.ts). */
function movementRule(card: string): CardRule {
  return { plays: movementPlays(card), some: movementSome(card), resolve: resolveMovementCard };
}

/** Whether `othersPlanets` holds a planet that `fits`, the first found (in no order). */
function someOthersPlanet(
  t: Table,
  seat: Seat,
  fits: (planet: string, owner: Seat) => boolean = () => true,
): boolean {
  for (const [planet, p] of Object.entries(t.planets)) {
    if (typeof p.owner === 'number' && p.owner !== seat && fits(planet, p.owner)) return true;
  }
  return false;
}

/** Plague's targets: another player's planet with its Ground Forces on it. */
function plagued(t: Table, planet: string, owner: Seat): boolean {
  const hex = planetHex(t, planet);
  return hex !== undefined && n(planetUnits(t, hex, planet, owner), 'ground-force') > 0;
}

const RULES: Readonly<Record<string, CardRule>> = {
  // ---- answers to a card ----
  sabotage: {
    // Cancel an action card as it is played (not another Sabotage).
    plays: (_t, seat, m) =>
      m.kind === 'card' &&
      m.played.seat !== seat &&
      cardIdOf(m.played.card) !== 'sabotage' &&
      !m.played.card.startsWith('agent:')
        ? ONCE
        : NONE,
    // The stack resolves it (cards/window.ts): the card below is cancelled.
    resolve: () => undefined,
  },

  // ---- the active player's Movement segment, just before it ----
  'flank-speed': movementRule('flank-speed'),
  'in-the-silence-of-space': movementRule('in-the-silence-of-space'),
  'lucky-shot': movementRule('lucky-shot'),
  'spatial-jump': movementRule('spatial-jump'),
  'transit-diodes': movementRule('transit-diodes'),
  'voluntary-annexation': movementRule('voluntary-annexation'),
  'signal-jamming': movementRule('signal-jamming'),
  'trade-agreement': {
    // BG-11: played just before the holder's Movement segment, naming a partner.
    plays: (t, seat, m) => {
      const tr = at(m, 'movement-start');
      // BG-8 Trade Embargo: the elected player opens no agreement, and none is opened with it.
      if (tr?.seat !== seat || tradeEmbargoed(t, seat)) return NONE;
      return others(t, seat)
        .filter((s) => agreementBetween(t, seat, s) === undefined && !tradeEmbargoed(t, s))
        .map((s) => ({ seat: s }));
    },
    some: (t, seat, m) => {
      const tr = at(m, 'movement-start');
      if (tr?.seat !== seat || tradeEmbargoed(t, seat)) return false;
      return t.players.some(
        (_, s) => s !== seat && agreementBetween(t, seat, s) === undefined && !tradeEmbargoed(t, s),
      );
    },
    resolve: (d, played) => {
      const to = played.target?.seat;
      if (to !== undefined) proposeTrade(d, played.seat, to, played.card);
    },
    staysInPlay: true,
  },

  // ---- Space Battle segment ----
  'into-the-breach': {
    plays: (_t, seat, m) => (at(m, 'space-battle-start')?.seat === seat ? ONCE : NONE),
    resolve: effect('turn'),
  },
  'morale-boost': {
    // Before a combat round (space or ground) in which the player fights.
    plays: (t, seat, m) => {
      const b = at(m, 'battle-round');
      const g = at(m, 'ground-round');
      const tr = b ?? g;
      if (tr === undefined) return NONE;
      const sides: unknown[] =
        b !== undefined ? [b.attacker, b.defender] : g !== undefined ? [g.invader, g.defender] : [];
      if (!sides.includes(seat)) return NONE;
      if (t.cardEffects.some((e) => e.card === 'morale-boost' && e.seat === seat)) return NONE;
      return ONCE;
    },
    resolve: (d, played, trigger) => {
      const hex = 'hex' in trigger ? trigger.hex : undefined;
      addEffect(d, {
        card: 'morale-boost',
        seat: played.seat,
        until: 'combat-round',
        ...(hex === undefined ? {} : { hex }),
        ...(trigger.kind === 'ground-round' ? { planet: trigger.planet } : {}),
      });
    },
  },
  'skilled-retreat': {
    plays: (t, seat, m) => {
      const tr = at(m, 'battle-round');
      if (tr === undefined || tr.defender !== seat) return NONE;
      // OR-6.2 Admiral: blocks Skilled Retreat unless the retreating fleet has one too.
      if (admiralBlocksRetreat(t, tr.hex, tr.attacker, seat)) return NONE;
      return skilledRetreatTargets(t, tr.hex, seat).map((toHex) => ({ toHex }));
    },
    resolve: (d, played, trigger) => {
      const to = played.target?.toHex;
      if (trigger.kind === 'battle-round' && to !== undefined)
        skilledRetreat(d, trigger.hex, played.seat, to);
    },
  },

  // ---- Invasion Combat segment ----
  'chemical-warfare': {
    plays: (t, seat, m) => {
      const tr = at(m, 'invasion');
      if (tr?.invader !== seat || tr.defender === null) return NONE;
      return n(planetUnits(t, tr.hex, tr.planet, tr.defender), 'ground-force') > 0 ? ONCE : NONE;
    },
    resolve: (d, played, trigger) => {
      if (trigger.kind !== 'invasion' || trigger.defender === null) return;
      const gf = n(planetUnits(d.s, trigger.hex, trigger.planet, trigger.defender), 'ground-force');
      destroy(
        d,
        trigger.hex,
        trigger.planet,
        trigger.defender,
        { 'ground-force': Math.min(2, gf) },
        `Chemical Warfare (${ownerName(d.s, played.seat)})`,
      );
    },
  },
  'civil-defense': {
    plays: (_t, seat, m) => (at(m, 'invasion')?.defender === seat ? ONCE : NONE),
    resolve: (d, played, trigger) => {
      if (trigger.kind !== 'invasion') return;
      d.addUnits(trigger.hex, trigger.planet, played.seat, 'pds', 1);
      d.emit({
        type: 'unit-placed',
        owner: played.seat,
        unit: 'pds',
        hex: trigger.hex,
        planet: trigger.planet,
      });
    },
  },
  reparations: {
    plays: (t, seat, m) => {
      const tr = at(m, 'planet-taken');
      if (tr?.from !== seat) return NONE;
      return (t.players[tr.by]?.credits ?? 0) > 0 ? ONCE : NONE;
    },
    resolve: (d, played, trigger) => {
      if (trigger.kind !== 'planet-taken') return;
      const owed = planetDef(trigger.planet)?.resources ?? 0;
      const payer = d.player(trigger.by);
      const amount = Math.min(owed, payer.credits);
      payer.credits -= amount;
      const to = d.player(played.seat);
      to.credits += amount;
      d.emit({
        type: 'credits-paid',
        from: trigger.by,
        to: played.seat,
        amount,
        reason: `Reparations for ${trigger.planet}`,
      });
    },
    ownMoment: true,
  },

  // ---- round phases ----
  'corporate-sponsorship': {
    plays: (_t, _s, m) => (atPhase(m, 'purchase-units') ? ONCE : NONE),
    // 10 credits for Spacedocks and PDS this phase (phases/purchase-units.ts spends them).
    resolve: (d, played) => {
      addEffect(d, {
        card: 'corporate-sponsorship',
        seat: played.seat,
        until: 'phase',
        target: { count: 10 },
      });
    },
  },
  'tax-rebate': phaseCard('purchase-units'),
  'good-year': phaseCard('receive-credits'),
  'local-unrest': {
    plays: (t, seat, m) =>
      atPhase(m, 'receive-credits')
        ? othersPlanets(t, seat).map((p) => ({ planet: p.planet }))
        : NONE,
    some: (t, seat, m) => atPhase(m, 'receive-credits') && someOthersPlanet(t, seat),
    resolve: effect('phase'),
  },
  'rare-mineral': {
    plays: (t, seat, m) =>
      atPhase(m, 'receive-credits')
        ? planetsOf(t, seat)
            .filter((p) => (planetDef(p)?.resources ?? 0) > 0)
            .map((planet) => ({ planet }))
        : NONE,
    resolve: (d, played) => {
      const planet = played.target?.planet;
      const amount = planet === undefined ? 0 : (planetDef(planet)?.resources ?? 0);
      const p = d.player(played.seat);
      p.credits += amount;
      d.emit({ type: 'credits-received', seat: played.seat, amount, total: p.credits });
    },
  },
  'stellar-criminals': {
    plays: (t, seat, m) => (atPhase(m, 'receive-credits') ? againstAnother(t, seat) : NONE),
    resolve: effect('phase'),
  },
  'master-of-trade': {
    plays: (t, seat, m) =>
      atPhase(m, 'receive-trade-income')
        ? t.tradeAgreements
            .filter((a) => a.seats.includes(seat))
            .map((a) => ({ seat: a.seats[0] === seat ? a.seats[1] : a.seats[0] }))
        : NONE,
    resolve: effect('phase'),
  },
  'trade-stop': {
    plays: (t, _seat, m) =>
      atPhase(m, 'receive-trade-income') && t.tradeAgreements.length > 0 ? ONCE : NONE,
    resolve: effect('phase'),
  },
  'opening-the-black-box': {
    plays: (t, seat, m) => {
      if (!atPhase(m, 'technology')) return NONE;
      const mine = ownedTechs(t, seat).filter(isTechId);
      return TECHNOLOGIES.filter((x) => !mine.includes(x.id) && prerequisitesMet(mine, x)).map(
        (x) => ({
          technology: x.id,
        }),
      );
    },
    resolve: (d, played) => {
      const tech = played.target?.technology;
      if (tech === undefined || techById(tech) === undefined) return;
      const p = d.player(played.seat);
      p.technologies = [...p.technologies, tech];
      d.emit({ type: 'technology-bought', seat: played.seat, technology: tech, cost: 0 });
    },
  },
  'successful-spy': {
    plays: (t, seat, m) => {
      if (!atPhase(m, 'technology')) return NONE;
      const mine = ownedTechs(t, seat).filter(isTechId);
      const credits = t.players[seat]?.credits ?? 0;
      const known = new Set(others(t, seat).flatMap((s) => ownedTechs(t, s)));
      return TECHNOLOGIES.filter(
        (x) =>
          known.has(x.id) &&
          !mine.includes(x.id) &&
          prerequisitesMet(mine, x) &&
          Math.max(0, x.cost - 10) <= credits,
      ).map((x) => ({ technology: x.id }));
    },
    resolve: (d, played) => {
      const tech = techById(played.target?.technology ?? '');
      if (tech === undefined) return;
      const cost = Math.max(0, tech.cost - 10);
      const p = d.player(played.seat);
      if (p.credits < cost || p.technologies.includes(tech.id)) return;
      p.credits -= cost;
      p.technologies = [...p.technologies, tech.id];
      d.emit({ type: 'technology-bought', seat: played.seat, technology: tech.id, cost });
    },
  },
  'scientist-assassination': {
    plays: (t, seat, m) => (atPhase(m, 'technology') ? againstAnother(t, seat) : NONE),
    resolve: effect('phase'),
  },
  'technological-breakthrough': phaseCard('technology'),
  'touch-of-genius': phaseCard('technology'),
  'rally-of-the-people': {
    plays: (t, seat, m) =>
      atPhase(m, 'place-new-units') ? spacedocksOf(t, seat).map((planet) => ({ planet })) : NONE,
    resolve: (d, played) => {
      const planet = played.target?.planet;
      if (planet !== undefined) addGroundForces(d, planet, played.seat, 2);
    },
  },
  'rise-of-a-messiah': {
    plays: (t, seat, m) =>
      atPhase(m, 'place-new-units') && planetsOf(t, seat).length > 0 ? ONCE : NONE,
    resolve: (d, played) => {
      for (const planet of [...planetsOf(d.s, played.seat)])
        addGroundForces(d, planet, played.seat, 1);
    },
  },
  'secret-industrial-agent': {
    plays: (t, seat, m) =>
      atPhase(m, 'place-new-units')
        ? others(t, seat).flatMap((s) => spacedocksOf(t, s).map((planet) => ({ planet })))
        : NONE,
    some: (t, seat, m) =>
      atPhase(m, 'place-new-units') &&
      t.players.some((_, s) => s !== seat && spacedocksOf(t, s).length > 0),
    resolve: effect('phase'),
  },

  // ---- the Political phase (politics/ reads these effects; Plague and Uprising act at once) ----
  'council-dissolved': politicalCard('before-draw'),
  'determine-policy': politicalCard('before-draw'),
  plague: {
    plays: (t, seat, m) =>
      atPolitical(m, 'before-draw')
        ? othersPlanets(t, seat)
            .filter((p) => plagued(t, p.planet, p.owner))
            .map((p) => ({ planet: p.planet }))
        : NONE,
    some: (t, seat, m) =>
      atPolitical(m, 'before-draw') &&
      someOthersPlanet(t, seat, (planet, owner) => plagued(t, planet, owner)),
    resolve: (d, played) => {
      const planet = played.target?.planet;
      const hex = planet === undefined ? undefined : planetHex(d.s, planet);
      const owner = planet === undefined ? undefined : d.s.planets[planet]?.owner;
      if (planet === undefined || hex === undefined || typeof owner !== 'number') return;
      const gf = n(planetUnits(d.s, hex, planet, owner), 'ground-force');
      if (gf === 0) return;
      const rolls = rollDice(
        d,
        `Plague on ${planet}: each Ground Force of ${ownerName(d.s, owner)} dies on 6-10`,
        gf,
        owner,
      );
      const dead = rolls.filter((r) => r >= 6).length;
      destroy(d, hex, planet, owner, { 'ground-force': dead }, 'Plague');
    },
  },
  uprising: {
    plays: (t, seat, m) =>
      atPolitical(m, 'before-draw')
        ? othersPlanets(t, seat)
            .filter((p) => !isHome(t, p.owner, p.planet))
            .map((p) => ({ planet: p.planet }))
        : NONE,
    some: (t, seat, m) =>
      atPolitical(m, 'before-draw') &&
      someOthersPlanet(t, seat, (planet, owner) => !isHome(t, owner, planet)),
    resolve: (d, played) => {
      const planet = played.target?.planet;
      const hex = planet === undefined ? undefined : planetHex(d.s, planet);
      const owner = planet === undefined ? undefined : d.s.planets[planet]?.owner;
      if (planet === undefined || hex === undefined || typeof owner !== 'number') return;
      const space = spaceUnits(d.s, hex, owner);
      const bonus = n(space, 'cruiser') + n(space, 'dreadnought');
      const [roll = 0] = rollDice(
        d,
        `Uprising on ${planet}: insurgence check for ${ownerName(d.s, owner)} (+${String(bonus)})`,
        1,
        owner,
      );
      const influence = planetDef(planet)?.influence ?? 0;
      if (roll + bonus >= influence) return;
      const gf = n(planetUnits(d.s, hex, planet, owner), 'ground-force');
      destroy(d, hex, planet, owner, { 'ground-force': Math.min(2, gf) }, 'Uprising');
      const left = planetUnits(d.s, hex, planet, owner);
      // OR-2.2: "A conquered minor-race planet is an ordinary planet of its conqueror": emptied, it turns neutral.
      if (Object.values(left).every((v) => v === 0)) {
        d.setPlanetOwner(planet, null);
        d.emit({ type: 'planet-neutral', hex, planet, from: owner, reason: 'Uprising' });
      }
    },
  },
  'fantastic-rhetoric': politicalCard('before-vote'),
  thugs: {
    plays: (t, seat, m) => (atPolitical(m, 'before-vote') ? againstAnother(t, seat) : NONE),
    resolve: effect('round'),
  },
  discredit: {
    plays: (t, seat, m) => (atPolitical(m, 'after-votes') ? againstAnother(t, seat) : NONE),
    resolve: effect('round'),
  },
  veto: {
    // Only the card still on the table (not one a Veto below has discarded since).
    plays: (t, _s, m) => {
      const tr = at(m, 'political-card');
      return tr !== undefined && t.phase.name === 'political' && t.phase.agenda === tr.card
        ? ONCE
        : NONE;
    },
    // The card is discarded and another drawn as the Veto resolves (phases/political.ts).
    resolve: (d, _played, trigger) => {
      if (trigger.kind === 'political-card') d.steps.vetoAgenda(d, trigger.card);
    },
  },

  // ---- at any time (offered in every window, never opening one) ----
  disclosure: {
    plays: (t, seat) =>
      others(t, seat)
        .filter((s) => {
          const p = t.players[s];
          return p !== undefined && ('handCount' in p ? p.handCount : p.hand.length) > 0;
        })
        .map((s) => ({ seat: s })),
    resolve: (d, played) => {
      const of = played.target?.seat;
      if (of === undefined) return;
      d.emit({
        type: 'hand-revealed',
        seat: played.seat,
        of,
        cards: [...(d.s.players[of]?.hand ?? [])],
      });
    },
  },
  'influence-in-the-merchants-guild': {
    plays: (t, seat) =>
      t.tradeAgreements
        .filter((a) => !a.seats.includes(seat) && canCancelAgreement(t, a))
        .map((a) => ({ seat: a.seats[0], other: a.seats[1] })),
    resolve: (d, played) => {
      const a = played.target?.seat;
      const b = played.target?.other;
      if (a === undefined || b === undefined) return;
      endAgreementByCard(d, a, b, played.seat);
    },
  },
  'spacedock-accident': {
    plays: (t, seat) =>
      others(t, seat).flatMap((s) =>
        spacedocksOf(t, s)
          .filter((planet) => !isHome(t, s, planet))
          .map((planet) => ({ planet })),
      ),
    resolve: (d, played) => {
      const planet = played.target?.planet;
      const hex = planet === undefined ? undefined : planetHex(d.s, planet);
      const owner = planet === undefined ? undefined : d.s.planets[planet]?.owner;
      if (planet === undefined || hex === undefined || owner === undefined || owner === null)
        return;
      destroy(d, hex, planet, owner, { spacedock: 1 }, 'Spacedock Accident');
      // BG-3: the Fighters that Spacedock supported and no Carrier can take are lost.
      if (typeof owner === 'number') loseUnsupportedFightersAt(d, hex, owner);
    },
  },
};

function endAgreementByCard(d: Draft, a: Seat, b: Seat, by: Seat): void {
  const agreement = agreementBetween(d.s, a, b);
  if (agreement === undefined) return;
  d.s.tradeAgreements = d.s.tradeAgreements.filter((x) => x !== agreement);
  d.s.actionDiscard = [...d.s.actionDiscard, agreement.card];
  d.emit({
    type: 'trade-ended',
    seats: agreement.seats,
    reason: `Influence in the Merchants' Guild (${ownerName(d.s, by)})`,
  });
}

const UNKNOWN: CardRule = { plays: () => NONE, resolve: () => undefined };

export function cardRule(id: string): CardRule {
  return RULES[id] ?? UNKNOWN;
}

/** Card ids that have a rule: every card of the deck (tested). */
export const RULED_CARDS: readonly string[] = Object.keys(RULES);

/** The moment in plain words, for prompts. */
export function momentName(t: Table, m: Moment): string {
  if (m.kind === 'card') {
    const name = actionCardById(cardIdOf(m.played.card))?.name ?? 'A card';
    return `${ownerName(t, m.played.seat)} plays ${name}`;
  }
  const words = momentWords(
    m.trigger,
    (seat) => ownerName(t, seat),
    (hex) => systemName(hex, t.galaxy),
  );
  return words.charAt(0).toUpperCase() + words.slice(1);
}
