import { readFileSync } from 'node:fs';
import { PROVISIONAL_VALUES } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { ACTION_CARDS } from './action-cards.js';
import { CONSTANT_SOURCES } from './constants.js';
import { POLITICAL_CARDS } from './political-cards.js';
import {
  RULES_NOTES_END,
  RULES_NOTES_START,
  provisionalNotes,
  rulesNotesBlock,
  rulesNotesMarkdown,
  withRulesNotes,
} from './provisional.js';
import { RACES } from './races.js';
import { TECHNOLOGIES } from './technologies.js';

const RULES_DOC = new URL('../../../../docs/rules.md', import.meta.url);

describe('RULES-SPEC provisional values', () => {
  const notes = provisionalNotes();
  const inArea = (area: string) => notes.filter((n) => n.area === area);

  it('lists every provisional value of the map catalogue', () => {
    expect(notes.filter((n) => n.area.startsWith('Galaxy') || n.area === 'Planets')).toHaveLength(
      PROVISIONAL_VALUES.length,
    );
    expect(inArea('Planets').map((n) => n.item)).toContain('Hopes End');
  });

  it('lists every provisional value of the content', () => {
    expect(inArea('Technologies')).toHaveLength(TECHNOLOGIES.length);
    expect(inArea('Action cards')).toHaveLength(ACTION_CARDS.length);
    expect(inArea('Political cards')).toHaveLength(
      POLITICAL_CARDS.filter((c) => c.provisional).length,
    );
    expect(inArea('Constants')).toHaveLength(
      Object.values(CONSTANT_SOURCES).filter((s) => s.provisional).length,
    );
    expect(inArea('Races: starting position')).toHaveLength(Object.keys(RACES).length);
    expect(inArea('Leaders').map((n) => n.item)).toEqual(['Yssaril Tribes']);
    expect(inArea('Units').map((n) => n.item)).not.toContain('Shock Force');
  });

  it('gives every entry an item and a reason', () => {
    for (const n of notes) {
      expect(n.item).not.toBe('');
      expect(n.note).not.toBe('');
    }
  });

  it('renders a heading per area and no tables', () => {
    const md = rulesNotesMarkdown();
    expect(md).toMatch(/^### Galaxy\n/);
    expect(md).toContain('### Action cards');
    expect(md).toContain('Sabotage ×4');
    expect(md).toContain('Empty Space (base): no planets ×12');
    expect(md.split('\n').some((line) => line.startsWith('|'))).toBe(false);
  });
});

describe('rules notes in docs/rules.md', () => {
  it('equals the generated notes (run `npx tsx packages/rules/bin/rules-notes.ts` after a change)', () => {
    const doc = readFileSync(RULES_DOC, 'utf8');
    expect(rulesNotesBlock(doc)).toBe(`\n\n${rulesNotesMarkdown()}\n\n`);
  });

  it('rewrites only the block between the markers, idempotently', () => {
    const doc = `# Title\n\n${RULES_NOTES_START}\nold\n${RULES_NOTES_END}\n\nTail.\n`;
    const once = withRulesNotes(doc, 'new');
    expect(once).toBe(`# Title\n\n${RULES_NOTES_START}\n\nnew\n\n${RULES_NOTES_END}\n\nTail.\n`);
    expect(withRulesNotes(once ?? '', 'new')).toBe(once);
  });

  it('refuses a document without both markers', () => {
    expect(withRulesNotes('# Title\n', 'x')).toBeNull();
    expect(rulesNotesBlock(`${RULES_NOTES_END}\n${RULES_NOTES_START}`)).toBeNull();
  });
});
