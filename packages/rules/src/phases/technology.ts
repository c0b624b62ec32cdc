import type { Action } from '../actions/schema.js';
import {
  TECHNOLOGIES,
  isTechId,
  prerequisitesMet,
  techById,
  type TechDef,
  type TechId,
} from '../content/technologies.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import { technologySurcharge } from '../politics/laws.js';
import type { Draft } from '../state/draft.js';
import { effectsOf } from '../state/economy.js';
import type { PhaseState } from '../state/phase.js';
import type { Seat, Table } from '../state/types.js';

/**
 * BG-2 phase 10 / BG-9: each player may buy one technology whose
 * prerequisites it meets, for 30 credits unless an ability changes the price.
 */
type TechnologyPhase = Extract<PhaseState, { name: 'technology' }>;

function owned(t: Table, seat: Seat): TechId[] {
  return (t.players[seat]?.technologies ?? []).filter(isTechId);
}

/**
 * Price for this seat: the lowest of the printed cost, a colour price
 * (`technology-cost`, e.g. Jol-Nar) and, for a technology another player
 * owned before the phase began, a `known-technology-cost` (Yssaril).
 */
function technologyCost(t: Table, phase: TechnologyPhase, seat: Seat, tech: TechDef): number {
  const genius = t.cardEffects.some((e) => e.card === 'touch-of-genius' && e.seat === seat);
  const printed = printedOrAbilityCost(t, phase, seat, tech);
  // BG-8 Technology Tariffs: every technology costs more, whatever the price it starts from.
  return Math.max(0, printed - (genius ? TOUCH_OF_GENIUS : 0)) + technologySurcharge(t);
}

/**
 * What `seat` would pay for technology `id` now (BG-9: in the Technology
 * phase its price there; otherwise as if the phase opened now), for clients.
 * Reads only public information: the same on a view as on the state.
 */
export function technologyPrice(t: Table, seat: Seat, id: string): number | undefined {
  const tech = techById(id);
  if (tech === undefined) return undefined;
  const phase = t.phase.name === 'technology' ? t.phase : openingPhase(t);
  return technologyCost(t, phase, seat, tech);
}

/** BG-9 Touch of Genius: the technology costs this much less this phase. */
const TOUCH_OF_GENIUS = 10;

function printedOrAbilityCost(t: Table, phase: TechnologyPhase, seat: Seat, tech: TechDef): number {
  let cost: number = tech.cost;
  for (const e of effectsOf(t, seat)) {
    if (e.kind === 'technology-cost') {
      const listed = e.colours.includes(tech.colour);
      if (listed !== (e.except === true)) cost = e.cost;
    } else if (e.kind === 'known-technology-cost') {
      const known = phase.knownBefore[tech.id]?.some((s) => s !== seat) ?? false;
      if (known) cost = Math.min(cost, e.cost);
    }
  }
  return cost;
}

/** The technologies `seat` may buy now; with `first`, only whether there is one (the first found). */
function buyable(t: Table, phase: TechnologyPhase, seat: Seat, first = false): TechDef[] {
  const p = t.players[seat];
  if (p === undefined) return [];
  // BG-9 Scientist Assassination: this player buys nothing this phase.
  if (t.cardEffects.some((e) => e.card === 'scientist-assassination' && e.target?.seat === seat))
    return [];
  const mine = owned(t, seat);
  const out: TechDef[] = [];
  for (const tech of TECHNOLOGIES) {
    if (mine.includes(tech.id) || !prerequisitesMet(mine, tech)) continue;
    if (technologyCost(t, phase, seat, tech) > p.credits) continue;
    out.push(tech);
    if (first) break;
  }
  return out;
}

/** The phase as it opens: who owned what before it, and who cannot buy anything. */
function openingPhase(t: Table): TechnologyPhase {
  const knownBefore: Record<string, Seat[]> = {};
  t.players.forEach((p, seat) => {
    for (const id of p.technologies) knownBefore[id] = [...(knownBefore[id] ?? []), seat];
  });
  const phase: TechnologyPhase = { name: 'technology', done: [], knownBefore };
  const done = t.players.map((_, i) => i).filter((s) => buyable(t, phase, s, true).length === 0);
  return { ...phase, done };
}

/** BG-2: a phase with nothing to do passes by itself. */
export function skipTechnology(d: Draft): string | null {
  return openingPhase(d.s).done.length === d.s.players.length
    ? 'nobody can buy a technology'
    : null;
}

export function enterTechnology(d: Draft): boolean {
  d.s.phase = openingPhase(d.s);
  return true;
}

export function technologyDecisions(t: Table, phase: TechnologyPhase): Decision[] {
  const out: Decision[] = [];
  for (let seat = 0; seat < t.players.length; seat++) {
    if (phase.done.includes(seat)) continue;
    out.push({ seat, kind: 'technology', prompt: 'Buy one technology, or pass.' });
  }
  return out;
}

export function technologyLegal(t: Table, phase: TechnologyPhase, seat: Seat): Action[] {
  if (phase.done.includes(seat)) return [];
  const out: Action[] = buyable(t, phase, seat).map((tech) => ({
    type: 'buy-technology',
    technology: tech.id,
  }));
  out.push({ type: 'pass-technology' });
  return out;
}

export function applyTechnology(
  d: Draft,
  phase: TechnologyPhase,
  seat: Seat,
  a: Action,
): RuleError | null {
  const p = d.s.players[seat];
  if (p === undefined) return ruleError('UNKNOWN_SEAT', 'No such seat.');
  if (a.type === 'pass-technology') {
    d.s.phase = { ...phase, done: [...phase.done, seat] };
    d.emit({ type: 'technology-passed', seat });
    return null;
  }
  if (a.type !== 'buy-technology') {
    return ruleError('NOT_YOUR_DECISION', 'That action does not belong to the Technology phase.');
  }
  const tech = techById(a.technology);
  if (tech === undefined) return ruleError('ILLEGAL_ACTION', 'There is no such technology.');
  const mine = owned(d.s, seat);
  if (mine.includes(tech.id)) return ruleError('ILLEGAL_ACTION', `You already own ${tech.name}.`);
  if (!prerequisitesMet(mine, tech)) {
    return ruleError('ILLEGAL_ACTION', `You do not meet the prerequisites of ${tech.name}.`);
  }
  const cost = technologyCost(d.s, phase, seat, tech);
  if (cost > p.credits) {
    return ruleError(
      'ILLEGAL_ACTION',
      `${tech.name} costs ${cost} credits; you have ${p.credits}.`,
    );
  }
  const w = d.player(seat);
  w.credits -= cost;
  w.technologies = [...w.technologies, tech.id];
  // BG-9: one technology per Technology phase, so buying ends this seat's choice
  // (Technological Breakthrough: a second one, the card's effect used up by the first).
  const breakthrough = d.s.cardEffects.findIndex(
    (e) => e.card === 'technological-breakthrough' && e.seat === seat,
  );
  if (breakthrough !== -1) {
    d.s.cardEffects = d.s.cardEffects.filter((_, i) => i !== breakthrough);
    const again = buyable(d.s, phase, seat, true).length > 0;
    d.s.phase = again ? phase : { ...phase, done: [...phase.done, seat] };
  } else d.s.phase = { ...phase, done: [...phase.done, seat] };
  d.emit({ type: 'technology-bought', seat, technology: tech.id, cost });
  return null;
}
