import { describeEvent, type GameEvent } from '@outer-rim/rules';
import { diceOf, dieWords } from './battle/fight';
import type { LogEntry } from './live-game';

export interface LogLine {
  readonly key: string;
  readonly seq: number;
  /** The seat whose action caused it. */
  readonly seat: number;
  readonly text: string;
  /** Die results, shown beside the words. */
  readonly rolls?: readonly number[];
}

const SEAT_FIELDS = ['seat', 'from', 'to', 'owner', 'winner'] as const;

/** Does this event concern the seat (as actor, giver, receiver, owner)? */
export function concerns(event: GameEvent, seat: number): boolean {
  const record = event as unknown as Record<string, unknown>;
  return SEAT_FIELDS.some((field) => record[field] === seat);
}

/**
 * Every event in words, newest first. With a seat, only lines of actions that
 * seat took or events that name it.
 */
export function logLines(
  log: readonly LogEntry[],
  names: readonly string[],
  seat?: number,
): LogLine[] {
  const lines: LogLine[] = [];
  for (const entry of log) {
    entry.events.forEach((event, index) => {
      if (seat !== undefined && entry.seat !== seat && !concerns(event, seat)) return;
      const rolls =
        event.type === 'dice-rolled' ? { rolls: (event as { rolls: number[] }).rolls } : {};
      lines.push({
        key: `${entry.seq}.${index}`,
        seq: entry.seq,
        seat: entry.seat,
        text:
          describeEvent(event, [...names]) +
          (event.type === 'dice-rolled' ? hitWords(event.purpose, event.rolls) : ''),
        ...rolls,
      });
    });
  }
  return lines.reverse();
}

/** A hit roll's dice one by one in words ("3 (needed 7+): miss"), so the log reads without the picture. */
function hitWords(purpose: string, rolls: readonly number[]): string {
  const dice = diceOf(purpose, rolls);
  if (dice.every((d) => d.needed === undefined)) return '';
  return ` Dice: ${dice.map(dieWords).join('; ')}.`;
}
