import { describe, expect, it } from 'vitest';
import { TILES } from './catalogue.js';
import { hexKey } from './geometry.js';
import { layout } from './layouts.js';
import { PROVISIONAL_VALUES } from './provisional.js';

describe('BG-4 provisional values', () => {
  it('lists every provisional tile, every planet and the reconstructed rules, each with a reason', () => {
    const subjects = new Set(PROVISIONAL_VALUES.map((v) => v.subject));
    expect(subjects.size).toBe(PROVISIONAL_VALUES.length);
    for (const t of TILES.filter((x) => x.provisional))
      expect(subjects.has(`tile ${t.id}`)).toBe(true);
    for (const p of TILES.flatMap((t) => t.planets))
      expect(subjects.has(`planet ${p.name}`)).toBe(true);
    expect(subjects.has('OR-2.2 Random Planet Chart')).toBe(true);
    for (const v of PROVISIONAL_VALUES) {
      expect(v.value.length).toBeGreaterThan(0);
      expect(v.why.length).toBeGreaterThan(0);
    }
  });

  it('the layout notes are generated from the layouts themselves', () => {
    const note = PROVISIONAL_VALUES.find(
      (v) => v.subject === 'BG-4 / OR-3 home positions, 7 players',
    );
    for (const h of layout(7, 'standard').homes) expect(note?.value).toContain(hexKey(h));
  });
});
