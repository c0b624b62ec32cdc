import type { Action } from '../actions/schema.js';
import { effectsInForce } from '../cards/in-force.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import { influenceOf, resourcesOf } from '../state/economy.js';
import type { Seat, Table } from '../state/types.js';
import { voteBarredReason } from './isolation.js';
import { cardOf, hasLaw, lawsInForce } from './laws.js';
import { MECATOL_REX } from './names.js';
import type { Ballot, PoliticalPhase } from './types.js';

/**
 * BG-8 the vote: the order of the seats, each seat's ballot (all its votes or none), and the
 * tally; the count and what comes of it are outcome.ts.
 */

/**
 * BG-8 voting order: least influence first. Ties (our decision, after the
 * TI2 FAQ's "fewest resources, techs, credits"): fewer resources, then fewer
 * technologies, then fewer credits, then the lower seat number — public and
 * fixed, so no die is needed for it. Holder of Mecatol Rex: Mecatol Rex's
 * controller always votes last.
 */
export function votingOrder(t: Table): Seat[] {
  const order = influenceOrder(t);
  const holder = t.planets[MECATOL_REX]?.owner;
  if (hasLaw(t, 'holder-of-mecatol-rex') && typeof holder === 'number') {
    return [...order.filter((s) => s !== holder), holder];
  }
  return order;
}

/** Seats from least to most influence, with the ties broken as above. */
function influenceOrder(t: Table): Seat[] {
  const key = (s: Seat): number[] => {
    const p = t.players[s];
    return [influenceOf(t, s), resourcesOf(t, s), p?.technologies.length ?? 0, p?.credits ?? 0, s];
  };
  const keys = t.players.map((_, s) => key(s));
  return t.players
    .map((_, s) => s)
    .sort((a, b) => {
      const ka = keys[a] ?? [];
      const kb = keys[b] ?? [];
      for (let i = 0; i < ka.length; i++) {
        const diff = (ka[i] ?? 0) - (kb[i] ?? 0);
        if (diff !== 0) return diff;
      }
      return 0;
    });
}

/** BG-8: a tie (or a vote nobody voted in) is decided by the most influential player. */
export function tieDecider(t: Table): Seat {
  const byInfluence = influenceOrder(t);
  return byInfluence[byInfluence.length - 1] ?? 0;
}

/** Votes per choice, and the choices with the most votes (all of `options` when nobody voted). */
export function tally(
  ballots: readonly { choice: string; votes: number }[],
  options: readonly string[],
): { counts: Record<string, number>; leaders: string[] } {
  const counts: Record<string, number> = {};
  for (const b of ballots) {
    if (b.choice === 'abstain') continue;
    counts[b.choice] = (counts[b.choice] ?? 0) + b.votes;
  }
  const cast = Object.values(counts);
  const best = cast.length === 0 ? 0 : Math.max(...cast);
  const leaders = best === 0 ? [...options] : options.filter((o) => (counts[o] ?? 0) === best);
  return { counts, leaders };
}

/**
 * The vote opens on the phase's agenda: the seats in order, no ballot yet. The card is on the
 * table (`revealed`): its moment comes before anybody votes (phases/political.ts).
 */
export function openVote(d: Draft, phase: PoliticalPhase): void {
  const order = votingOrder(d.s);
  const { decider: _d, tied: _t, picker: _p, choices: _c, ...rest } = phase;
  d.s.phase = { ...rest, step: 'revealed', order, ballots: [] };
  d.emit({ type: 'voting-order', order });
}

/** What may be voted for on the table now: `for` / `against`, or the election's targets. */
export function agendaOptions(t: Table, phase: PoliticalPhase): string[] {
  if (phase.agenda === undefined) return [];
  if (phase.revoteOf !== undefined) return ['for', 'against'];
  const def = cardOf(phase.agenda);
  if (def === undefined) return [];
  if (def.elects === undefined) return ['for', 'against'];
  switch (def.elects) {
    case 'player':
      return t.players.map((_, s) => `player:${s}`);
    case 'planet':
      return Object.keys(t.planets)
        .sort()
        .map((n) => `planet:${n}`);
    case 'law':
      return lawsInForce(t).map((l) => `law:${l.card}`);
  }
}

/** BG-9 Thugs: this player may not vote this round. */
export function silenced(t: Table, seat: Seat): boolean {
  return effectsInForce(t, 'thugs').some((e) => e.target?.seat === seat);
}

/** A seat's votes: all its influence (BG-8), +5 per Fantastic Rhetoric it played (BG-9). */
function votesOf(t: Table, seat: Seat): number {
  return influenceOf(t, seat) + 5 * effectsInForce(t, 'fantastic-rhetoric', seat).length;
}

/** BG-9 Discredit: the named player's votes count for nothing. */
export function counted(t: Table, ballots: readonly Ballot[]): Ballot[] {
  const discredited = new Set(
    effectsInForce(t, 'discredit').flatMap((e) =>
      e.target?.seat === undefined ? [] : [e.target.seat],
    ),
  );
  return ballots.map((b) => (discredited.has(b.seat) ? { ...b, votes: 0 } : b));
}

/** The vote action for a choice key (`for`, `abstain`, `player:2`, `planet:Jord`, `law:revote#1`). */
export function voteAction(choice: string): Action {
  if (choice === 'for' || choice === 'against' || choice === 'abstain') {
    return { type: 'vote', ballot: choice };
  }
  const [kind, ...rest] = choice.split(':');
  const target = rest.join(':');
  if (kind === 'player') return { type: 'vote', ballot: 'elect', player: Number(target) };
  if (kind === 'planet') return { type: 'vote', ballot: 'elect', planet: target };
  return { type: 'vote', ballot: 'elect', law: target };
}

/** The choice key of a vote action, or null when it names no single target. */
export function choiceOf(a: Extract<Action, { type: 'vote' }>): string | null {
  if (a.ballot !== 'elect') {
    return a.player === undefined && a.planet === undefined && a.law === undefined
      ? a.ballot
      : null;
  }
  const named = [a.player, a.planet, a.law].filter((x) => x !== undefined);
  if (named.length !== 1) return null;
  if (a.player !== undefined) return `player:${a.player}`;
  if (a.planet !== undefined) return `planet:${a.planet}`;
  return `law:${a.law ?? ''}`;
}

/** The seat whose turn it is to vote, asked for its ballot. */
export function voteDecisions(t: Table, phase: PoliticalPhase): Decision[] {
  const seat = phase.order[phase.ballots.length];
  if (seat === undefined) return [];
  return [
    {
      seat,
      kind: 'vote',
      prompt:
        voteBarredReason(t, seat) ?? `Vote with all your ${votesOf(t, seat)} votes, or abstain.`,
    },
  ];
}

export function voteLegal(t: Table, phase: PoliticalPhase, seat: Seat): Action[] {
  if (phase.order[phase.ballots.length] !== seat) return [];
  const choices = voteBarredReason(t, seat) === null ? agendaOptions(t, phase) : [];
  return [...choices, 'abstain'].map(voteAction);
}

/** A ballot cast in turn (the tie is outcome.ts). */
export function castVote(
  d: Draft,
  phase: PoliticalPhase,
  seat: Seat,
  choice: string,
): RuleError | null {
  if (phase.step !== 'vote' || phase.order[phase.ballots.length] !== seat) {
    return ruleError('NOT_YOUR_DECISION', 'It is not your turn to vote.');
  }
  if (choice !== 'abstain' && !agendaOptions(d.s, phase).includes(choice)) {
    return ruleError('ILLEGAL_ACTION', 'That is not a choice on this agenda.');
  }
  const barred = voteBarredReason(d.s, seat);
  if (choice !== 'abstain' && barred !== null) return ruleError('ILLEGAL_ACTION', barred);
  // BG-8: all or nothing — a seat's whole influence, never a part of it.
  const votes = choice === 'abstain' ? 0 : votesOf(d.s, seat);
  d.s.phase = { ...phase, ballots: [...phase.ballots, { seat, choice, votes }] };
  d.emit({ type: 'vote-cast', seat, choice, votes });
  return null;
}
