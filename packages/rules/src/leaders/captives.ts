import type { Action } from '../actions/schema.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table } from '../state/types.js';
import { escapePlanet, findLeader, putLeader, transferCaptive } from './fates.js';
import { leaderName } from './names.js';

/**
 * OR-6.2 captives in the Political phase: a captor may hand a captive to
 * any player (its owner included: then it is released onto one of the
 * owner's planets holding the owner's troops, home first) or execute it.
 * Each captor says `captive` with neither `to` nor `execute` to keep the
 * rest; the phase (political.ts) runs this step before the agenda.
 *
 * State: `GameState.captivesDone` — the seats that have finished this
 * round's step (`round` tells a stale list from this round's).
 */

function doneThisRound(t: Table): readonly Seat[] {
  const c = t.captivesDone;
  return c?.round === t.round ? c.seats : [];
}

/** Captors still to decide this Political phase. */
export function captorsToDecide(t: Table): Seat[] {
  if (!t.options.leaders) return [];
  const done = doneThisRound(t);
  return t.players.flatMap((p, seat) =>
    p.captives.length > 0 && !done.includes(seat) ? [seat] : [],
  );
}

export function captiveDecisions(t: Table): Decision[] {
  return captorsToDecide(t).map((seat) => ({
    seat,
    kind: 'captive' as const,
    prompt: `Your captives: ${(t.players[seat]?.captives ?? []).map((c) => leaderName(c.leaderId)).join(', ')} — hand one over, execute one, or keep them.`,
  }));
}

export function captiveLegal(t: Table, seat: Seat): Action[] {
  if (!captorsToDecide(t).includes(seat)) return [];
  // Keeping comes first: the choice that changes nothing.
  const first = t.players[seat]?.captives[0];
  const out: Action[] = first === undefined ? [] : [{ type: 'captive', leader: first.leaderId }];
  for (const c of t.players[seat]?.captives ?? []) {
    out.push({ type: 'captive', leader: c.leaderId, execute: true });
    t.players.forEach((_, to) => {
      // Back to its owner only when the owner holds a planet with its troops to receive it.
      if (to === seat || (to === c.owner && escapePlanet(t, to, '') === null)) return;
      out.push({ type: 'captive', leader: c.leaderId, to });
    });
  }
  return out;
}

function markDone(d: Draft, seat: Seat): void {
  const seats = doneThisRound(d.s);
  d.s.captivesDone = { round: d.s.round, seats: [...seats, seat] };
}

export function applyCaptive(d: Draft, seat: Seat, a: Action): RuleError | null {
  if (a.type !== 'captive') return ruleError('ILLEGAL_ACTION', 'That is no captive decision.');
  if (!captorsToDecide(d.s).includes(seat))
    return ruleError('NOT_YOUR_DECISION', 'You hold no captives to decide on now.');
  const held = d.s.players[seat]?.captives.find((c) => c.leaderId === a.leader);
  if (held === undefined) return ruleError('ILLEGAL_ACTION', 'You do not hold that leader.');
  if (a.execute === true && a.to !== undefined)
    return ruleError('ILLEGAL_ACTION', 'Hand a captive over or execute it, not both.');
  if (a.to === seat) return ruleError('ILLEGAL_ACTION', 'You hold that captive already.');
  if (a.to !== undefined && d.s.players[a.to] === undefined)
    return ruleError('ILLEGAL_ACTION', 'There is no such player.');
  if (a.execute === true) {
    const ref = findLeader(d.s, a.leader);
    const p = d.player(seat);
    p.captives = p.captives.filter((c) => c.leaderId !== a.leader);
    if (ref !== null) {
      const { captor: _c, ...rest } = ref.leader;
      putLeader(d, ref.owner, { ...rest, status: 'killed' });
      d.emit({
        type: 'leader-fate',
        owner: ref.owner,
        leader: a.leader,
        fate: 'executed',
        reason: `by order of ${d.s.players[seat]?.name ?? 'its captor'}`,
      });
    }
  } else if (a.to !== undefined) {
    const to = a.to;
    const refuge = to === held.owner ? escapePlanet(d.s, to, '') : null;
    if (to === held.owner && refuge === null) {
      return ruleError(
        'ILLEGAL_ACTION',
        'Its owner holds no planet with its own troops to receive it.',
      );
    }
    transferCaptive(d, seat, a.leader, to, 'handed over in the Political phase', refuge);
  } else {
    markDone(d, seat);
  }
  if ((d.s.players[seat]?.captives.length ?? 0) === 0 && !doneThisRound(d.s).includes(seat))
    markDone(d, seat);
  return null;
}

/** The step pol9's Political phase runs before the agenda (political.ts BEFORE_AGENDA). */
export const CAPTIVES_STEP = {
  id: 'captives',
  decisions: captiveDecisions,
  legal: captiveLegal,
  apply: applyCaptive,
};
