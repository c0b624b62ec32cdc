import type { Action, ActionOf } from '../actions/schema.js';
import { ownerLabel } from '../combat/forces.js';
import { combatOf, setCombat, type TurnsPhase } from '../combat/state.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import type { LeaderState, Seat, Table } from '../state/types.js';
import { leadersAt, putLeader } from './fates.js';
import { leaderName } from './names.js';

/**
 * OR-6.2 Diplomat, Leader Table: "A diplomat present on a planet about to be
 * invaded, may force the invasion to be delayed for one turn. The invading
 * Ground Forces must retreat to their fleet, and may not attack until next
 * turn. (After a diplomat has used this ability, he may not use it again in
 * the next turn!)"
 *
 * Reading (RULES-SPEC "build what a player expects"): a landing of Ground or
 * Shock Forces on an enemy player's planet where that player's Diplomat
 * stands waits for the Diplomat's owner (`diplomat-delay`). Delayed, nothing
 * lands (the forces stay aboard, the leaders with them); Dreadnoughts named
 * to bombard still bombard (a Diplomat stops troops, not guns), and the
 * invader may not land on that planet again this turn. A "turn" of the
 * rulebook is a game round here (TI1 calls the round a turn: "the turn
 * agenda"): the Diplomat records the round it delayed in and may not delay
 * in the round after, so the invader's next turn goes ahead.
 */

type Land = ActionOf<'land'>;

/** The Diplomat that could delay this landing now, with its owner, or null. */
export function delayingDiplomat(
  t: Table,
  invader: Seat,
  a: Land,
): { seat: Seat; leader: LeaderState } | null {
  if (!t.options.leaders || a.groundForces + a.shockForces === 0) return null;
  const owner = t.planets[a.planet]?.owner;
  if (typeof owner !== 'number' || owner === invader) return null;
  const leader = leadersAt(t, owner, a.hex, a.planet).find(
    (l) => l.type === 'diplomat' && mayDelay(t, l),
  );
  return leader === undefined ? null : { seat: owner, leader };
}

/** Not in the round after the one it last delayed in. */
export function mayDelay(t: Table, l: LeaderState): boolean {
  return l.delayedInRound === undefined || l.delayedInRound + 1 !== t.round;
}

/** The landing waits for the Diplomat's owner (combat/segment.ts calls this before landing). */
export function askDiplomat(d: Draft, phase: TurnsPhase, a: Land): boolean {
  const dip = delayingDiplomat(d.s, phase.active, a);
  if (dip === null) return false;
  setCombat(d, {
    ...combatOf(phase),
    delay: { landing: a, seat: dip.seat, leader: dip.leader.id },
  });
  return true;
}

export function diplomatDecisions(t: Table, phase: TurnsPhase): Decision[] {
  const w = phase.combat?.delay;
  if (w === undefined) return [];
  return [
    {
      seat: w.seat,
      kind: 'diplomat',
      prompt: `${ownerLabel(t, phase.active)} is landing on ${w.landing.planet}: ${leaderName(w.leader)} there may delay the invasion by one turn.`,
    },
  ];
}

export function diplomatLegal(phase: TurnsPhase, seat: Seat): Action[] {
  if (phase.combat?.delay?.seat !== seat) return [];
  return [
    { type: 'diplomat-delay', delay: true },
    { type: 'diplomat-delay', delay: false },
  ];
}

/**
 * The owner's answer. Returns the landing to carry out now (all of it, or
 * only its bombardment), or null when nothing lands; an error when not asked.
 */
export function answerDiplomat(
  d: Draft,
  phase: TurnsPhase,
  seat: Seat,
  a: ActionOf<'diplomat-delay'>,
): RuleError | Land | null {
  const c = combatOf(phase);
  const w = c.delay;
  if (w?.seat !== seat)
    return ruleError('NOT_YOUR_DECISION', 'No Diplomat of yours is asked to delay a landing.');
  const { delay: _done, ...rest } = c;
  if (!a.delay) {
    setCombat(d, rest);
    return w.landing;
  }
  // No landing on that planet again this turn.
  setCombat(d, { ...rest, landed: [...rest.landed, w.landing.planet] });
  const leader = d.s.players[seat]?.leaders.find((l) => l.id === w.leader);
  if (leader !== undefined) putLeader(d, seat, { ...leader, delayedInRound: d.s.round });
  d.emit({
    type: 'invasion-delayed',
    hex: w.landing.hex,
    planet: w.landing.planet,
    invader: phase.active,
    by: seat,
    leader: w.leader,
  });
  if (w.landing.bombard === 0) return null;
  const { leaders: _l, ...guns } = w.landing;
  return { ...guns, groundForces: 0, shockForces: 0, pds: 0 };
}
