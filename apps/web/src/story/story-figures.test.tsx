// @vitest-environment happy-dom
import {
  apply,
  createGame,
  decisions,
  influenceOf,
  legalActions,
  resourcesOf,
  view,
  type GameEvent,
  type GameState,
} from '@outer-rim/rules';
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { StoryCharts } from './story-charts';
import { figuresOf, MEASURES, roundEnds, storyOf } from './story-figures';

function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 0x1_0000_0000;
  };
}

/** A whole game of three, played with the engine's own legal actions: each step's events and state. */
function recordedGame(): { entries: { seq: number; events: GameEvent[] }[]; states: GameState[] } {
  let state = createGame(
    { players: [{ name: 'Ann' }, { name: 'Bo' }, { name: 'Cy' }], roundLimit: 3 },
    'story',
  );
  const states = [state];
  const entries: { seq: number; events: GameEvent[] }[] = [];
  const rnd = lcg(7);
  for (let seq = 1; seq < 5000 && state.phase.name !== 'game-over'; seq++) {
    const ds = decisions(state);
    const d = ds[Math.floor(rnd() * ds.length)];
    if (d === undefined) throw new Error(`no decision in ${state.phase.name}`);
    const actions = legalActions(state, d.seat);
    const action = actions[Math.floor(rnd() * actions.length)];
    if (action === undefined) throw new Error('no legal action');
    const r = apply(state, d.seat, action);
    if (!r.ok) throw new Error(r.error.message);
    entries.push({ seq, events: r.events });
    states.push(r.state);
    state = r.state;
  }
  return { entries, states };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the story of the game: each player’s public figures at the end of each round', () => {
  const { entries, states } = recordedGame();
  const final = states.at(-1);
  if (final === undefined) throw new Error('no game');

  it('finds where each round ended in the log, and reads the figures from the spectator’s view', () => {
    expect(final.phase.name).toBe('game-over');
    const ends = roundEnds(entries);
    expect(ends.map((e) => e.round)).toEqual(
      Array.from({ length: final.round - 1 }, (_, i) => i + 1),
    );
    const story = storyOf(
      ends.map((e) => ({ round: e.round, view: view(states[e.seq] as GameState, 'spectator') })),
      view(final, 'spectator'),
    );
    expect(story.names).toEqual(['Ann', 'Bo', 'Cy']);
    expect(story.points.map((p) => p.round)).toEqual(
      Array.from({ length: final.round }, (_, i) => i + 1),
    );
    // Every figure is the state's own at that step: planets held, resources, influence, credits
    // and progression bracket.
    for (const [i, end] of [...ends, { round: final.round, seq: states.length - 1 }].entries()) {
      const s = states[end.seq] as GameState;
      const figures = story.points[i]?.figures ?? [];
      s.players.forEach((p, seat) => {
        expect(figures[seat]).toMatchObject({
          planets: Object.values(s.planets).filter((x) => x.owner === seat).length,
          resources: resourcesOf(s, seat),
          influence: influenceOf(s, seat),
          credits: p.credits,
          bracket: p.bracket,
        });
        expect(figures[seat]?.fleet).toBeGreaterThanOrEqual(0);
      });
    }
    // The figures are the same whoever looks: nothing of a seat's own (its hand) goes in.
    for (const seat of [0, 1, 2]) {
      expect(figuresOf(view(final, seat))).toEqual(figuresOf(view(final, 'spectator')));
    }
  });

  it('draws one chart per figure with a line per player in the player’s colour', () => {
    const ends = roundEnds(entries);
    const story = storyOf(
      ends.map((e) => ({ round: e.round, view: view(states[e.seq] as GameState, 'spectator') })),
      view(final, 'spectator'),
    );
    const el = document.body.appendChild(document.createElement('div'));
    render(<StoryCharts story={story} />, el);
    const charts = [...el.querySelectorAll('.story-chart')];
    expect(charts.map((c) => c.getAttribute('data-measure'))).toEqual(MEASURES.map((m) => m.key));
    for (const chart of charts) {
      const lines = [...chart.querySelectorAll('path.story-line')];
      expect(lines).toHaveLength(3);
      for (const line of lines)
        expect(line.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+)+$/);
    }
    expect([...el.querySelectorAll('.story-legend li')].map((li) => li.textContent)).toEqual([
      'Ann',
      'Bo',
      'Cy',
    ]);
  });
});
