import type { Action, ActionOf } from '../actions/schema.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import { HiddenSlot } from '../state/hidden-slot.js';
import type { LeaderState, Seat, Table } from '../state/types.js';
import { escapePlanets, escapeTo } from './fates.js';
import { leaderName } from './names.js';

/**
 * OR-6.2 "on a result of 6-9 the Leader escapes and the player controlling
 * this Leader may place the Leader counter on any other planet under his/her
 * control": with more than one such planet (holding the owner's troops: a
 * leader stands nowhere else) the owner chooses (`escape-leader`); with one
 * it goes there at once, with none it is captured (fates.ts).
 *
 * The choice comes before anything else the game waits for (decisions.ts),
 * as the escape happens in the middle of the invader's turn; the leader is
 * off the board until then (`LeaderState.escapingFrom`).
 */

function escaping(t: Table): { owner: Seat; leader: LeaderState }[] {
  if (!t.options.leaders) return [];
  return t.players.flatMap((p, owner) =>
    p.leaders
      .filter((l) => l.status === 'active' && l.escapingFrom !== undefined)
      .map((leader) => ({ owner, leader })),
  );
}

/**
 * Whether a list of leaders holds one escaping, kept per list: a player's leaders are replaced,
 * never edited in place, so a list's answer holds for as long as it lives (and a list changes
 * far less often than `decisions` is asked).
 */
const escapingIn = new HiddenSlot<readonly LeaderState[], boolean>('escaping');

/** Asked by every `decisions`: answered without building the list. */
export function escapePending(t: Table): boolean {
  if (!t.options.leaders) return false;
  for (const p of t.players) {
    let known = escapingIn.get(p.leaders);
    if (known === undefined) {
      known = p.leaders.some((l) => l.status === 'active' && l.escapingFrom !== undefined);
      escapingIn.set(p.leaders, known);
    }
    if (known) return true;
  }
  return false;
}

export function escapeDecisions(t: Table): Decision[] {
  const owners = [...new Set(escaping(t).map((x) => x.owner))];
  return owners.map((seat) => {
    const first = escaping(t).find((x) => x.owner === seat)?.leader;
    const name = first === undefined ? 'your leader' : leaderName(first.id);
    return {
      seat,
      kind: 'escape' as const,
      prompt: `${name.charAt(0).toUpperCase()}${name.slice(1)} escapes from ${first?.escapingFrom ?? 'its planet'}: choose which of your planets it goes to.`,
    };
  });
}

export function escapeLegal(t: Table, seat: Seat): Action[] {
  return escaping(t)
    .filter((x) => x.owner === seat)
    .flatMap(({ leader }) =>
      escapePlanets(t, seat, leader.escapingFrom ?? '').map((p): Action => ({
        type: 'escape-leader',
        leader: leader.id,
        planet: p.planet,
      })),
    );
}

export function applyEscape(d: Draft, seat: Seat, a: ActionOf<'escape-leader'>): RuleError | null {
  const ref = escaping(d.s).find((x) => x.leader.id === a.leader);
  if (ref === undefined) return ruleError('ILLEGAL_ACTION', 'That leader is not escaping.');
  if (ref.owner !== seat)
    return ruleError('NOT_YOUR_DECISION', 'Only its owner chooses where a leader escapes to.');
  const from = ref.leader.escapingFrom ?? '';
  const to = escapePlanets(d.s, seat, from).find((p) => p.planet === a.planet);
  if (to === undefined) {
    return ruleError(
      'ILLEGAL_ACTION',
      'A leader escapes only to another of your planets with your Ground Forces on it.',
    );
  }
  escapeTo(d, seat, ref.leader, to, `${from} was invaded; its owner chose ${to.planet}`);
  return null;
}
