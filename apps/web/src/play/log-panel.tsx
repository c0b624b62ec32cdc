import type { Galaxy } from '@outer-rim/map';
import { useMemo, useState } from 'preact/hooks';
import { ownerColour } from '../ui/colours';
import type { LogEntry } from './live-game';
import { logLines } from './log-lines';

/** The game log: every event in words with its dice, newest first, filterable by player. */
export function LogPanel({
  log,
  names,
  galaxy,
}: {
  log: readonly LogEntry[];
  names: readonly string[];
  galaxy?: Galaxy;
}) {
  const [seat, setSeat] = useState<number | undefined>(undefined);
  const lines = useMemo(() => logLines(log, names, seat, galaxy), [log, names, seat, galaxy]);
  return (
    <section class="panel log-panel" aria-label="Game log">
      <header>
        <h3>Log</h3>
        <label>
          Show{' '}
          <select
            aria-label="Filter the log by player"
            value={seat === undefined ? '' : String(seat)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setSeat(value === '' ? undefined : Number(value));
            }}
          >
            <option value="">everyone</option>
            {names.map((name, index) => (
              <option key={index} value={String(index)}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </header>
      <ol class="log-lines">
        {lines.map((line) => (
          <li
            key={line.key}
            class={line.seat === undefined ? 'system' : undefined}
            style={{
              borderLeftColor: line.seat === undefined ? undefined : ownerColour(line.seat),
            }}
          >
            <span class="seq">#{line.seq}</span> {line.text}
            {line.rolls === undefined ? null : (
              <span class="dice" aria-label="dice">
                {line.rolls.map((r, i) => (
                  <span key={i} class="die">
                    {r}
                  </span>
                ))}
              </span>
            )}
          </li>
        ))}
        {lines.length === 0 ? <li class="faint">Nothing yet.</li> : null}
      </ol>
    </section>
  );
}
