import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import { canonicalJson } from '../testing/corpus.js';
import { readCorpusGame } from '../testing/corpus-files.js';
import { createGame } from '../setup/create-game.js';
import { migrateState } from './migrate.js';
import { SCHEMA_VERSION, type GameState } from './types.js';

function stored(name: string): unknown {
  const file = fileURLToPath(new URL(`../../stored-states/${name}`, import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

describe('states stored by an older server still open (stored-states/)', () => {
  it('BG-9 a schema 3 state with a card window open at the political card goes on: the seats asked pass and the vote opens', () => {
    const v3 = stored('v3-political-card-window.json') as { window: unknown };
    let s = migrateState(v3);
    // BG-9: the one window of a schema 3 state is the top of a stack of one.
    expect(s.schemaVersion).toBe(SCHEMA_VERSION);
    expect(s.window).toEqual(v3.window);
    expect(s.outerWindows).toBeUndefined();
    const owed = decisions(s);
    expect(owed.map((x) => x.kind)).toEqual(['card', 'card']);
    for (const { seat } of owed) {
      expect(legalActions(s, seat)).toContainEqual({ type: 'pass-card' });
      const r = apply(s, seat, { type: 'pass-card' });
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    expect(s.window).toBeUndefined();
    expect(decisions(s).some((x) => x.kind === 'vote')).toBe(true);
  });

  /**
   * Schema 4 kept markers of the BG-9 windows already held (`cardsAsked`, `offered`); schema 5
   * has a step for each moment. Each state was stored by the engine of schema 4 after a step of a
   * corpus game, with a window open at one of those moments; migrated, it goes on through the
   * rest of that game exactly as the game was recorded: the same events at every step, the same
   * final state.
   */
  const v4: readonly [string, string][] = [
    ['v4-battle-round.json', 'BG-6, BG-9 before a space battle round'],
    ['v4-invasion.json', 'BG-7, BG-9 an invasion about to be fought'],
    ['v4-ground-round.json', 'BG-7, BG-9 before a ground round'],
    ['v4-political-before-draw.json', 'BG-8, BG-9 before the political card is drawn'],
    ['v4-political-card.json', 'BG-8, BG-9 the political card just revealed'],
    ['v4-political-before-vote.json', 'BG-8, BG-9 before the vote'],
    ['v4-political-after-votes.json', 'BG-8, BG-9 after the votes'],
    [
      'v4-movement-start-ending.json',
      'BG-2, BG-9 before the Movement segment of a turn being ended',
    ],
  ];
  for (const [file, moment] of v4) {
    it(`${moment}: a schema 4 state with its window open goes on as its game was recorded`, () => {
      const { from, state } = stored(file) as {
        from: { game: string; step: number };
        state: unknown;
      };
      const game = readCorpusGame(from.game);
      let s: GameState = migrateState(state);
      expect(s.schemaVersion).toBe(SCHEMA_VERSION);
      expect(canonicalJson(s)).not.toMatch(/"cardsAsked"|"offered"|"endTurn"/);
      for (let i = from.step; i < game.actions.length; i++) {
        const step = game.actions[i];
        if (step === undefined) throw new Error(`no action ${String(i)}`);
        const r = apply(s, step.seat, step.action);
        if (!r.ok) throw new Error(`step ${String(i)}: ${r.error.message}`);
        expect(canonicalJson(r.events), `the events of step ${String(i)}`).toBe(
          canonicalJson(game.events[i]),
        );
        s = r.state;
      }
      expect(canonicalJson(s)).toBe(canonicalJson(migrateState(game.finalState)));
    });
  }

  it('a state already of the schema 5 shape comes through the v4 migration unchanged', () => {
    // As a server may find a current state stored under an older number (the server's own test
    // relabels one as schema 1): every marker the migration reads is absent from it.
    const current: GameState[] = v4.map(([file]) => {
      const { state } = stored(file) as { state: unknown };
      return migrateState(state);
    });
    const game = readCorpusGame('p5-00-heuristic');
    let s = createGame(game.spec.options, game.spec.seed);
    game.actions.forEach(({ seat, action }, i) => {
      const r = apply(s, seat, action);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      if (i % 7 === 0) current.push(s);
    });
    expect(current.some((c) => c.phase.name === 'political')).toBe(true);
    expect(current.some((c) => c.phase.name === 'individual-turns' && c.phase.combat)).toBe(true);
    for (const c of current) {
      const relabelled = JSON.parse(JSON.stringify({ ...c, schemaVersion: 4 })) as unknown;
      expect(canonicalJson(migrateState(relabelled))).toBe(canonicalJson(c));
    }
  });
});
