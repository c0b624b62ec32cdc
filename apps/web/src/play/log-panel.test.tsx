// @vitest-environment happy-dom
import { describeEvent, type GameEvent } from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogEntry } from './live-game';
import { linesUpTo, LogPanel } from './log-panel';
import { logLines } from './log-lines';

const names = ['Ann', 'Bo', 'Cy'];
/** A long game's log: each action one seat's turn ending, every tenth with its credits too. */
const long: LogEntry[] = Array.from({ length: 1_500 }, (_, i) => {
  const seq = i + 1;
  const seat = seq % 3;
  const events: GameEvent[] = [{ type: 'turn-ended', seat }];
  if (seq % 10 === 0) events.push({ type: 'credits-received', seat, amount: 3, total: seq });
  return { seq, seat, events };
});
const LINES = long.reduce((n, e) => n + e.events.length, 0);

afterEach(() => {
  render(null, document.body);
  document.body.innerHTML = '';
});

const shown = () => [...document.querySelectorAll<HTMLLIElement>('.log-lines li')];
const seqs = () => shown().map((li) => li.querySelector('.seq')?.textContent);
const marked = () => [...document.querySelectorAll('.log-lines li[aria-current="step"]')];

function replayLog(upTo: number) {
  render(<LogPanel log={long} names={names} upTo={upTo} />, document.body);
}

describe("the replay's log", () => {
  it('draws only the lines near the current step of a long game, each placed in the whole list', () => {
    replayLog(1_200);
    const total = logLines(long.slice(0, 1_200), names).length;
    const lis = shown();
    expect(lis.length).toBeGreaterThan(10);
    expect(lis.length).toBeLessThan(60);
    // Newest first: the list starts at the step, and tells its place in the whole of it.
    expect(seqs().slice(0, 3)).toEqual(['#1200', '#1200', '#1199']);
    lis.forEach((li, i) => {
      expect(li.getAttribute('aria-posinset')).toBe(String(i + 1));
      expect(li.getAttribute('aria-setsize')).toBe(String(total));
    });
    expect(lis[0]?.textContent).toContain(
      describeEvent({ type: 'credits-received', seat: 0, amount: 3, total: 1_200 }, names),
    );
  });

  it("marks the current step's lines, and only those", () => {
    replayLog(1_200);
    expect(marked().map((li) => li.querySelector('.seq')?.textContent)).toEqual(['#1200', '#1200']);
    expect(marked().every((li) => li.classList.contains('current'))).toBe(true);
    replayLog(7);
    expect(marked().map((li) => li.querySelector('.seq')?.textContent)).toEqual(['#7']);
    expect(seqs().slice(0, 3)).toEqual(['#7', '#6', '#5']);
  });

  it('moves with the step, forward and back, never showing a line after it', () => {
    for (const step of [1_500, 3, 900, 1]) {
      replayLog(step);
      expect(seqs()[0]).toBe(`#${String(step)}`);
      expect(
        seqs().every((s) => Number(s?.slice(1)) <= step),
        `step ${String(step)}`,
      ).toBe(true);
    }
    replayLog(1);
    expect(shown()).toHaveLength(1);
    expect(shown()[0]?.getAttribute('aria-setsize')).toBe('1');
  });

  it('reads "Nothing yet." at the start', () => {
    replayLog(0);
    expect(shown().map((li) => li.textContent)).toEqual(['Nothing yet.']);
    expect(marked()).toHaveLength(0);
  });

  it("filters by player up to the step, the player's lines still placed in their list", async () => {
    replayLog(30);
    const select = document.querySelector<HTMLSelectElement>(
      'select[aria-label="Filter the log by player"]',
    );
    if (select === null) throw new Error('no filter');
    await act(() => {
      select.value = '1';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    // Bo is seat 1: steps 28, 25, 22, ... 1 are his, step 10 with two lines.
    expect(seqs().slice(0, 3)).toEqual(['#28', '#25', '#22']);
    expect(marked()).toHaveLength(0);
    expect(shown()[0]?.getAttribute('aria-setsize')).toBe('11');
  });
});

describe("the table's log", () => {
  it('draws every line, with no step marked', () => {
    render(<LogPanel log={long.slice(0, 100)} names={names} />, document.body);
    expect(shown()).toHaveLength(logLines(long.slice(0, 100), names).length);
    expect(marked()).toHaveLength(0);
    expect(shown()[0]?.hasAttribute('aria-setsize')).toBe(false);
  });
});

describe('the lines up to a step', () => {
  it('are the tail of the newest-first list from the first line of that step or before', () => {
    const lines = logLines(long, names);
    expect(lines).toHaveLength(LINES);
    expect(linesUpTo(lines, 1_500)).toBe(lines);
    expect(linesUpTo(lines, 10).map((l) => l.seq)).toEqual([10, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(linesUpTo(lines, 0)).toEqual([]);
    const bo = logLines(long, names, 1);
    expect(linesUpTo(bo, 6).map((l) => l.seq)).toEqual([4, 1]);
  });
});
