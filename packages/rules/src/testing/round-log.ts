import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import type { GameEvent } from '../events.js';
import type { RoundPhase } from '../state/phase.js';
import type { GameState } from '../state/types.js';
import { newGame, passAction } from './fixtures.js';

/**
 * Test support for the BG-2 phase machine: plays a real game by passing
 * until round `round` has ended (or the game is over) and keeps every event
 * on the way, the setup's included, so a test can read the order of phases.
 */
export function passThroughRound(
  start: GameState,
  round: number,
): { state: GameState; events: GameEvent[] } {
  let s = start;
  const events: GameEvent[] = [...start.setupEvents];
  for (let i = 0; i < 1000 && s.round <= round && s.phase.name !== 'game-over'; i++) {
    const d = decisions(s)[0];
    const a = d && passAction(s, d.seat);
    if (!d || !a) throw new Error(`stuck in ${s.phase.name}`);
    const r = apply(s, d.seat, a);
    if (!r.ok) throw new Error(r.error.message);
    events.push(...r.events);
    s = r.state;
  }
  return { state: s, events };
}

/** The phase-started and phase-skipped events of one round, in the order they happened. */
export function phaseEvents(
  events: readonly GameEvent[],
  round: number,
): Extract<GameEvent, { type: 'phase-started' | 'phase-skipped' }>[] {
  return events.flatMap((e) =>
    (e.type === 'phase-started' || e.type === 'phase-skipped') && e.round === round ? [e] : [],
  );
}

/** The same round as `phase:run` / `phase:skip` strings, short enough to compare whole. */
export function phaseLog(events: readonly GameEvent[], round: number): string[] {
  return phaseEvents(events, round).map(
    (e) => `${e.phase}:${e.type === 'phase-started' ? 'run' : 'skip'}`,
  );
}

/**
 * The entries of `phaseLog` just before and just after `phase`'s own entry,
 * which must be there exactly once: what a test of one phase's place in
 * the round reads.
 */
export function neighbours(
  log: readonly string[],
  phase: string,
): { before: string | undefined; entry: string; after: string | undefined } {
  const mine = log.filter((x) => x.startsWith(`${phase}:`));
  const entry = mine[0];
  if (entry === undefined || mine.length !== 1) {
    throw new Error(`${phase} appears ${mine.length} times in ${log.join(' ')}`);
  }
  const i = log.indexOf(entry);
  return { before: log[i - 1], entry, after: log[i + 1] };
}

/** Every event between the first one matching `from` and the next one matching `to`. */
export function eventsBetween(
  events: readonly GameEvent[],
  from: (e: GameEvent) => boolean,
  to: (e: GameEvent) => boolean,
): GameEvent[] {
  const start = events.findIndex(from);
  if (start < 0) throw new Error('no event matches the start');
  const end = events.findIndex((e, i) => i > start && to(e));
  if (end < 0) throw new Error('no event matches the end');
  return events.slice(start + 1, end);
}

/** The rounds the phase tests watch: the first, and one that follows a whole round. */
export const WATCHED_ROUNDS = [1, 2] as const;

type PhaseEntry = ReturnType<typeof phaseEvents>[number];

/**
 * A fresh game of `players` (random races, default options) passed through
 * the watched rounds; for each round, `phase`'s own entries and its place
 * among its neighbours in the order of phases.
 */
export function watchRounds(
  players: number,
  seed: string,
  phase: RoundPhase,
): {
  events: GameEvent[];
  rounds: { round: number; entries: PhaseEntry[]; place: ReturnType<typeof neighbours> }[];
} {
  const { events } = passThroughRound(newGame(players, {}, seed), WATCHED_ROUNDS.length);
  return {
    events,
    rounds: WATCHED_ROUNDS.map((round) => ({
      round,
      entries: phaseEvents(events, round).filter((e) => e.phase === phase),
      place: neighbours(phaseLog(events, round), phase),
    })),
  };
}

/** The event a phase skipped in `round` for `reason` leaves. */
export const skipped = (round: number, phase: RoundPhase, reason: string): PhaseEntry => ({
  type: 'phase-skipped',
  round,
  phase,
  reason,
});

/** Matches `phase`'s own started or skipped event in `round`; `type` narrows to one of them. */
export function isPhaseEntry(
  phase: RoundPhase,
  round: number,
  type?: 'phase-started' | 'phase-skipped',
): (e: GameEvent) => boolean {
  return (e) => {
    if (e.type !== 'phase-started' && e.type !== 'phase-skipped') return false;
    return (type === undefined || e.type === type) && e.phase === phase && e.round === round;
  };
}

/**
 * Per watched round, the events between `phase`'s entry and the entry of
 * `next` (of the kinds given): what happened inside the phase.
 */
export function eventsInside(
  events: readonly GameEvent[],
  phase: { name: RoundPhase; type?: 'phase-started' | 'phase-skipped' },
  next: { name: RoundPhase; type?: 'phase-started' | 'phase-skipped' },
): GameEvent[][] {
  return WATCHED_ROUNDS.map((round) =>
    eventsBetween(
      events,
      isPhaseEntry(phase.name, round, phase.type),
      isPhaseEntry(next.name, round, next.type),
    ),
  );
}
