import {
  choiceName,
  influenceOf,
  politicalCardName,
  politicalCardOf,
  type Action,
  type ActionOf,
  type GameEvent,
  type GameView,
  type PoliticalPhase,
} from '@outer-rim/rules';
import type { LogEntry } from '../live-game';

/** Action types the politics panel offers itself, so the generic list need not repeat them. */
export const POLITICS_ACTIONS: ReadonlySet<Action['type']> = new Set([
  'vote',
  'pick-agenda',
  'hopes-end',
  'veto-agenda',
  'eavesdrop',
]);

export interface VoterRow {
  readonly seat: number;
  readonly name: string;
  readonly influence: number;
  /** Undefined: not voted yet. */
  readonly choice?: string;
  readonly votes?: number;
  readonly next: boolean;
}

/** BG-8: the voting order with each seat's influence and ballot so far. */
export function voterRows(view: GameView, phase: PoliticalPhase): VoterRow[] {
  const names = view.players.map((p) => p.name);
  return phase.order.map((seat, i) => {
    const ballot = phase.ballots.find((b) => b.seat === seat);
    const base = {
      seat,
      name: names[seat] ?? `Seat ${seat + 1}`,
      influence: influenceOf(view, seat),
      next: phase.step === 'vote' && i === phase.ballots.length,
    };
    return ballot === undefined
      ? base
      : { ...base, choice: choiceWords(ballot.choice, names), votes: ballot.votes };
  });
}

export function choiceWords(choice: string, names: readonly string[]): string {
  if (choice === 'for') return 'For';
  if (choice === 'against') return 'Against';
  if (choice === 'abstain') return 'Abstains';
  return choiceName(choice, names);
}

/** The agenda on the table: the card voted on (the law itself during a Revote). */
export function agendaCard(
  phase: PoliticalPhase,
): { name: string; text: string; kind: string; revote?: string } | undefined {
  if (phase.agenda === undefined) return undefined;
  const def = politicalCardOf(phase.agenda);
  if (def === undefined) return undefined;
  const kind =
    def.kind === 'election'
      ? `Election of a ${def.elects ?? 'player'}`
      : def.kind === 'law'
        ? 'Law'
        : 'One-shot';
  const base = { name: def.name, text: def.text, kind };
  return phase.revoteOf === undefined
    ? base
    : { ...base, revote: politicalCardName(phase.revoteOf) };
}

/** The words of one vote button. */
export function voteWords(action: ActionOf<'vote'>, names: readonly string[]): string {
  switch (action.ballot) {
    case 'for':
      return 'Vote for';
    case 'against':
      return 'Vote against';
    case 'abstain':
      return 'Abstain';
    case 'elect':
      if (action.player !== undefined) return `Elect ${names[action.player] ?? 'a player'}`;
      if (action.planet !== undefined) return `Elect ${action.planet}`;
      return `Elect ${politicalCardName(action.law ?? '')}`;
  }
}

/** BG-1 Xxcha Veto: the words of its two buttons. */
export function vetoWords(action: ActionOf<'veto-agenda'>, agenda = 'the agenda'): string {
  return action.veto ? `Pay 5 credits: veto ${agenda}` : `Let ${agenda} stand`;
}

export interface VoteResult {
  readonly card: string;
  readonly outcome: string;
  readonly tally: readonly { choice: string; votes: number }[];
}

/** This round's resolved agenda from the log, in words (shown after the phase ends, until the next round). */
export function lastResult(
  log: readonly LogEntry[],
  names: readonly string[],
): VoteResult | undefined {
  let found: Extract<GameEvent, { type: 'agenda-resolved' }> | undefined;
  for (const entry of log) {
    for (const e of entry.events) {
      // A result belongs to its round: a new round clears it from the panel.
      if (e.type === 'round-started') found = undefined;
      if (e.type === 'agenda-resolved') found = e;
    }
  }
  if (found === undefined) return undefined;
  const card = politicalCardName(found.card);
  const outcome =
    found.result === 'for' || found.result === 'against'
      ? found.passed
        ? 'passed'
        : 'failed'
      : `${choiceName(found.result, names)} elected`;
  return {
    card,
    outcome,
    tally: Object.entries(found.tally).map(([choice, votes]) => ({
      choice: choiceWords(choice, names),
      votes,
    })),
  };
}
