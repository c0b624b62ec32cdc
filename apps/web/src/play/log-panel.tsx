import type { Galaxy } from '@outer-rim/map';
import { observeElementRect } from '@tanstack/virtual-core';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ownerColour } from '../ui/colours';
import { useVirtualizer } from '../ui/use-virtualizer';
import type { LogEntry } from './live-game';
import { logLines, type LogLine } from './log-lines';

/**
 * The game log: every event in words with its dice, newest first, filterable by player.
 *
 * With `upTo` (the replay's step), the log as it stood after that many actions: the newest
 * action's lines head the list, marked as the current step, and the list is scrolled back to them
 * whenever the step changes. Only the lines in and near the list's scrolled view are drawn (a
 * long game's log has thousands), each telling assistive technology its place in the whole list.
 */
export function LogPanel({
  log,
  names,
  galaxy,
  upTo,
}: {
  log: readonly LogEntry[];
  names: readonly string[];
  galaxy?: Galaxy;
  upTo?: number;
}) {
  const [seat, setSeat] = useState<number | undefined>(undefined);
  // Worded once for the whole log; a step only chooses how many of them show.
  const all = useMemo(() => logLines(log, names, seat, galaxy), [log, names, seat, galaxy]);
  const current = upTo === undefined ? undefined : stepSeq(log, upTo);
  const lines = useMemo(
    () => (current === undefined ? all : linesUpTo(all, current)),
    [all, current],
  );
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
      {current === undefined ? (
        <ol class="log-lines">
          {lines.map((line) => (
            <LogLineItem key={line.key} line={line} />
          ))}
          {lines.length === 0 ? <NothingYet /> : null}
        </ol>
      ) : (
        <WindowedLines lines={lines} current={current} />
      )}
    </section>
  );
}

/**
 * The seq of the newest of the log's first `upTo` entries (the replay's current step), or one
 * before the first entry's when none is shown yet.
 */
function stepSeq(log: readonly LogEntry[], upTo: number): number {
  const shown = Math.max(0, Math.min(upTo, log.length));
  return shown === 0 ? (log[0]?.seq ?? 1) - 1 : (log[shown - 1]?.seq ?? 0);
}

/** The lines (newest first) of the actions up to seq `last`: the tail of the list from the first such line. */
export function linesUpTo(lines: readonly LogLine[], last: number): readonly LogLine[] {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((lines[mid]?.seq ?? 0) > last) low = mid + 1;
    else high = mid;
  }
  return low === 0 ? lines : lines.slice(low);
}

/** A line's height before the browser has laid it out: one line of words and its padding. */
const ESTIMATED_LINE_PX = 24;
/** The space between lines (their bottom margin). */
const LINE_GAP_PX = 2;
/** Lines drawn beyond each end of the scrolled view, so a scroll does not show a gap first. */
const OVERSCAN = 10;
/** The view's height before it is measured: its largest (`.log-view` max-height). */
const VIEW_PX = 340;

/**
 * The replay's log lines, only those near the scrolled view drawn. The view scrolls, not the list:
 * the list's padding stands for the lines above and below the drawn ones, and a scrolling box's own
 * padding would not shrink to its largest height.
 */
function WindowedLines({ lines, current }: { lines: readonly LogLine[]; current: number }) {
  const view = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count: lines.length,
    getScrollElement: () => view.current,
    estimateSize: () => ESTIMATED_LINE_PX,
    getItemKey: (index) => lines[index]?.key ?? index,
    gap: LINE_GAP_PX,
    overscan: OVERSCAN,
    initialRect: { width: 0, height: VIEW_PX },
    // A view not laid out (hidden, or not yet in a laid-out page) draws the lines its largest
    // height would hold rather than none, so it has a height to measure once it shows.
    observeElementRect: (instance, report) =>
      observeElementRect(instance, (rect) => {
        report(rect.height === 0 ? { width: rect.width, height: VIEW_PX } : rect);
      }),
  });
  // A new step: back to its lines, at the head of the list.
  useLayoutEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [virtualizer, current]);
  const items = virtualizer.getVirtualItems();
  // The lines not drawn keep their room, so the scroll bar measures the whole log.
  const before = items[0]?.start ?? 0;
  const after = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  return (
    <div class="log-view" ref={view}>
      <ol
        class="log-lines windowed"
        style={{ paddingTop: `${String(before)}px`, paddingBottom: `${String(after)}px` }}
      >
        {items.map((item) => {
          const line = lines[item.index];
          if (line === undefined) return null;
          return (
            <LogLineItem
              key={line.key}
              line={line}
              index={item.index}
              count={lines.length}
              current={line.seq === current}
              measure={virtualizer.measureElement}
            />
          );
        })}
        {lines.length === 0 ? <NothingYet /> : null}
      </ol>
    </div>
  );
}

function NothingYet() {
  return <li class="faint">Nothing yet.</li>;
}

/** One line of the log, in the colour of the seat it is about; in a windowed list, its place in the whole. */
function LogLineItem({
  line,
  index,
  count,
  current = false,
  measure,
}: {
  line: LogLine;
  index?: number;
  count?: number;
  current?: boolean;
  measure?: (node: HTMLLIElement | null) => void;
}) {
  const classes = [line.seat === undefined ? 'system' : '', current ? 'current' : '']
    .filter((c) => c !== '')
    .join(' ');
  return (
    <li
      {...(measure === undefined ? {} : { ref: measure })}
      class={classes === '' ? undefined : classes}
      data-index={index}
      aria-posinset={index === undefined ? undefined : index + 1}
      aria-setsize={count}
      aria-current={current ? 'step' : undefined}
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
  );
}
