import type { HexKey } from '@outer-rim/map';
import { oneRoundBattles } from '../politics/laws.js';
import type { Action, Losses } from '../actions/schema.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table, UnitCounts } from '../state/types.js';
import { unitList } from '../views/describe.js';
import { systemName } from '../views/names.js';
import { leaderShipsProblem } from '../leaders/windows.js';
import {
  LOSS_KINDS,
  docksIn,
  hasStasis,
  ownerLabel,
  planetUnits,
  spaceLossOptions,
  spaceLossProblem,
  spaceUnits,
} from './forces.js';
import {
  captureOrDestroy,
  landingLossProblem,
  pdsLossOptions,
  stepInvasion,
  takeLandingLosses,
} from './invasion.js';
import { land, landOptions, landProblem } from './landing.js';
import { fleetLeavesRift } from '../movement/rift-fleet.js';
import {
  answerDiplomat,
  askDiplomat,
  diplomatDecisions,
  diplomatLegal,
} from '../leaders/diplomat.js';
import {
  fightOn,
  fightsAt,
  queueFights,
  retreatTargets,
  startFight,
  stepBattle,
  takeCasualties,
  withdraw,
} from './space-battle.js';
import { combatBusy, combatOf, setCombat, turnsOf, type TurnsPhase } from './state.js';

/**
 * The Space Battle and Invasion Combat segments as hooks of the turn
 * (phases/turn-segments.ts): what they do on entry, which decisions they
 * owe, their legal actions and how they apply them. `stepCombat` is the
 * fights' step: the step loop (resume.ts, through the turn's own step) runs
 * it until one waits for a decision.
 */

/** One step of the segment's fights: the invasion or battle in progress, else the next fight queued; false when they wait or are over. */
export function stepCombat(d: Draft): boolean {
  const c = combatOf(turnsOf(d));
  if (c.invasion !== undefined) return stepInvasion(d, c.invasion);
  if (c.battle !== undefined) return stepBattle(d, c.battle);
  const [next, ...queue] = c.queue;
  if (next === undefined) return false;
  setCombat(d, { ...c, queue });
  // A fight queued at the start of the segment may be gone by now (a withdrawal moved ships).
  if (fightsAt(d.s, turnsOf(d)).includes(next)) startFight(d, next, true);
  return true;
}

/** A fight in `hex`, if there is one now, joins the segment's queue (BG-9 Strategic Mathematics). */
export function fightAt(d: Draft, hex: HexKey): void {
  if (!fightsAt(d.s, turnsOf(d)).includes(hex)) return;
  const c = combatOf(turnsOf(d));
  setCombat(d, { ...c, queue: [...c.queue.filter((k) => k !== hex), hex] });
}

/** Entering the Space Battle segment (BG-6): PDS fire and every battle of the turn, in order. */
export function enterSpaceBattle(d: Draft): void {
  // BG-9: cards for the whole segment (Into the Breach) come before any PDS fire.
  const active = turnsOf(d).active;
  if (fightsAt(d.s, turnsOf(d)).length > 0 && d.reach({ kind: 'space-battle-start', seat: active }))
    return;
  queueFights(d);
}

/** Entering the Invasion Combat segment (BG-7): nothing is forced; the active player lands or ends. */
export function enterInvasionCombat(d: Draft): void {
  const phase = turnsOf(d);
  setCombat(d, combatOf(phase));
}

export function combatBlocked(_t: Table, phase: TurnsPhase): string | null {
  const c = phase.combat;
  if (c?.invasion !== undefined) return 'An invasion is still being fought.';
  if (combatBusy(phase)) return 'A battle is still being fought.';
  return null;
}

export function combatDecisions(t: Table, phase: TurnsPhase): Decision[] {
  const c = phase.combat;
  if (c === undefined) return [];
  // OR-6.2: a landing waits for the Diplomat's owner.
  if (c.delay !== undefined) return diplomatDecisions(t, phase);
  const b = c.battle;
  if (b !== undefined) {
    if (b.step === 'casualties') {
      return b.owed.flatMap((o): Decision[] =>
        typeof o.owner === 'number'
          ? [
              {
                seat: o.owner,
                kind: 'casualties',
                prompt: `Battle in ${systemName(b.hex, t.galaxy)}: choose ${o.hits === 1 ? 'the ship' : `${String(o.hits)} ships`} you lose.`,
              },
            ]
          : [],
      );
    }
    if (b.step === 'retreat') {
      const against = b.defender === null ? 'the enemy' : ownerLabel(t, b.defender);
      return [
        {
          seat: b.attacker,
          kind: 'retreat',
          prompt: oneRoundBattles(t)
            ? `Battle in ${systemName(b.hex, t.galaxy)} against ${against}: Conventions of Nxill — withdraw now.`
            : `Battle in ${systemName(b.hex, t.galaxy)} against ${against}, after round ${String(b.round)}: withdraw or fight on.`,
        },
      ];
    }
    return [];
  }
  const inv = c.invasion;
  if (inv?.step === 'casualties') {
    return [
      {
        seat: inv.invader,
        kind: 'casualties',
        prompt: `PDS fire on ${inv.planet}: choose ${String(inv.owed)} of your landing forces to lose.`,
      },
    ];
  }
  if (inv?.step === 'capture') {
    return [
      {
        seat: inv.invader,
        kind: 'invasion',
        prompt: `${inv.planet} is yours: your Shock Forces may take the enemy installations there.`,
      },
    ];
  }
  return [];
}

function asLosses(units: UnitCounts): Losses {
  const out: Losses = {};
  for (const k of LOSS_KINDS) {
    const v = units[k];
    if (v !== undefined && v > 0) out[k] = v;
  }
  return out;
}

function fromLosses(losses: Losses): UnitCounts {
  const out: UnitCounts = {};
  for (const k of LOSS_KINDS) {
    const v = losses[k];
    if (v !== undefined && v > 0) out[k] = v;
  }
  return out;
}

export function combatLegal(t: Table, phase: TurnsPhase, seat: Seat): Action[] {
  const c = phase.combat;
  if (c?.delay !== undefined) return diplomatLegal(phase, seat);
  const b = c?.battle;
  if (b !== undefined) {
    if (b.step === 'casualties') {
      const owed = b.owed.find((o) => o.owner === seat);
      if (owed === undefined) return [];
      return spaceLossOptions(
        spaceUnits(t, b.hex, seat),
        docksIn(t, b.hex, seat),
        owed.hits,
        64,
        hasStasis(t, seat),
      ).map((l) => ({
        type: 'choose-casualties',
        losses: asLosses(l),
      }));
    }
    if (b.step === 'retreat' && seat === b.attacker) {
      return [
        // BG-8 Conventions of Nxill: after its one round the attacker must withdraw.
        ...(oneRoundBattles(t) ? [] : [{ type: 'fight-on' } as const]),
        ...retreatTargets(t, phase, b).map((to): Action => ({ type: 'withdraw', to })),
      ];
    }
    return [];
  }
  const inv = c?.invasion;
  if (inv !== undefined) {
    if (seat !== inv.invader) return [];
    if (inv.step === 'casualties') {
      return pdsLossOptions(planetUnits(t, inv.hex, inv.planet, seat), inv.owed).map((l) => ({
        type: 'choose-casualties',
        losses: asLosses(l),
      }));
    }
    if (inv.step === 'capture') {
      return [
        { type: 'capture-installations', capture: true },
        { type: 'capture-installations', capture: false },
      ];
    }
    return [];
  }
  if (phase.segment === 'invasion-combat' && seat === phase.active && !combatBusy(phase)) {
    return landOptions(t, phase);
  }
  return [];
}

/** Applies a combat action; undefined when the action is not one of combat's. */
export function applyCombat(
  d: Draft,
  phase: TurnsPhase,
  seat: Seat,
  a: Action,
): RuleError | null | undefined {
  const c = combatOf(phase);
  switch (a.type) {
    case 'choose-casualties': {
      const losses = fromLosses(a.losses);
      const b = c.battle;
      if (b?.step === 'casualties') {
        const owed = b.owed.find((o) => o.owner === seat);
        if (owed === undefined)
          return ruleError('NOT_YOUR_DECISION', 'You owe no casualties here.');
        const problem = spaceLossProblem(
          spaceUnits(d.s, b.hex, seat),
          docksIn(d.s, b.hex, seat),
          owed.hits,
          losses,
          hasStasis(d.s, seat),
        );
        if (problem !== null)
          return ruleError('ILLEGAL_ACTION', problem, { losses: unitList(losses) });
        const named = a.leaderShips ?? [];
        const leaderProblem = leaderShipsProblem(d.s, seat, b.hex, losses, named);
        if (leaderProblem !== null) return ruleError('ILLEGAL_ACTION', leaderProblem);
        takeCasualties(d, b, seat, losses, named);
        return null;
      }
      const inv = c.invasion;
      if (inv?.step === 'casualties' && inv.invader === seat) {
        const problem =
          (a.leaderShips ?? []).length > 0
            ? 'No ship is lost here: landing forces are (OR-6.2).'
            : landingLossProblem(d.s, inv, losses);
        if (problem !== null) return ruleError('ILLEGAL_ACTION', problem);
        takeLandingLosses(d, inv, losses);
        return null;
      }
      return ruleError('NOT_YOUR_DECISION', 'You owe no casualties now.');
    }
    case 'withdraw':
    case 'fight-on': {
      const b = c.battle;
      if (b?.step !== 'retreat' || b.attacker !== seat) {
        return ruleError('NOT_YOUR_DECISION', 'No withdrawal is offered to you now.');
      }
      if (a.type === 'fight-on' && oneRoundBattles(d.s)) {
        return ruleError(
          'ILLEGAL_ACTION',
          'Conventions of Nxill is in force: after one round the attacker withdraws.',
        );
      }
      if (a.type === 'fight-on') fightOn(d, b);
      else {
        const to = a.to;
        if (!retreatTargets(d.s, phase, b).includes(to)) {
          return ruleError(
            'ILLEGAL_ACTION',
            'Withdraw only to an adjacent system your ships came from that holds no enemy ships.',
          );
        }
        // OR-4.2: out of a rift every ship rolls; unless every roll allows it, the battle goes on.
        if (fleetLeavesRift(d, seat, b.hex, to, spaceUnits(d.s, b.hex, seat))) withdraw(d, b, to);
        else fightOn(d, b);
      }
      return null;
    }
    case 'land': {
      if (phase.segment !== 'invasion-combat' || seat !== phase.active) {
        return ruleError('ILLEGAL_ACTION', 'Forces land only in your Invasion Combat segment.');
      }
      if (combatBusy(phase))
        return ruleError('ILLEGAL_ACTION', 'Finish the fight in progress first.');
      const problem = landProblem(d.s, phase, seat, a);
      if (problem !== null) return ruleError('ILLEGAL_ACTION', problem);
      // OR-6.2: an enemy Diplomat on the planet may delay the invasion first.
      if (askDiplomat(d, phase, a)) return null;
      land(d, seat, a);
      return null;
    }
    case 'diplomat-delay': {
      const answer = answerDiplomat(d, phase, seat, a);
      if (answer !== null && 'code' in answer) return answer;
      if (answer !== null) land(d, phase.active, answer);
      return null;
    }
    case 'capture-installations': {
      const inv = c.invasion;
      if (inv?.step !== 'capture' || inv.invader !== seat) {
        return ruleError('NOT_YOUR_DECISION', 'There is nothing to capture now.');
      }
      captureOrDestroy(d, inv, a.capture);
      return null;
    }
    default:
      return undefined;
  }
}
