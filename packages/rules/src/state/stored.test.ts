import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import { migrateState } from './migrate.js';
import { SCHEMA_VERSION } from './types.js';

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
});
