import { PROVISIONAL_VALUES } from '@outer-rim/map';
import { ACTION_CARDS } from './action-cards.js';
import { CONSTANT_SOURCES, RULE_CONSTANTS } from './constants.js';
import type { RuleConstant } from './constants.js';
import { LEADER_ALLOCATION, LEADERS } from './leaders.js';
import { POLITICAL_CARDS } from './political-cards.js';
import { PROGRESSION } from './progression.js';
import type { BracketRequirements } from './progression.js';
import { RACES } from './races.js';
import { TECHNOLOGIES, techById } from './technologies.js';
import type { Prerequisites } from './technologies.js';
import { UNITS, UNIT_TYPES } from './units.js';

export interface ProvisionalNote {
  readonly area: string;
  readonly item: string;
  /** The value we chose, short; empty where the item itself is the guess. */
  readonly value: string;
  /** Why: the source of the value or the reason it had to be invented. */
  readonly note: string;
}

const AREAS = [
  'Galaxy',
  'Galaxy tiles',
  'Planets',
  'Units',
  'Constants',
  'Technologies',
  'Technologies: effects',
  'Races: starting position',
  'Races: abilities',
  'Leaders',
  'Progression',
  'Political cards',
  'Action cards',
] as const;
type Area = (typeof AREAS)[number];

const note = (area: Area, item: string, value: string, why: string): ProvisionalNote => ({
  area,
  item,
  value,
  note: why,
});

function prerequisiteText(p: Prerequisites): string {
  if (p === null) return 'no prerequisite';
  const names = ('all' in p ? p.all : p.any).map((id) => techById(id).name);
  return `needs ${names.join('all' in p ? ' and ' : ' or ')}`;
}

function requirementText(r: BracketRequirements): string {
  const parts = [
    [r.planetsOutsideHome, 'planets outside home'],
    [r.technologies, 'technologies'],
    [r.resources, 'resources'],
    [r.influence, 'influence'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${what}`)
    .join(', ');
}

/**
 * The map package's list, sorted into this page's areas by its subject
 * prefix (`tile <id>`, `planet <name>`, otherwise a rule).
 */
function mapNotes(): ProvisionalNote[] {
  return PROVISIONAL_VALUES.map((v) => {
    if (v.subject.startsWith('tile ')) return note('Galaxy tiles', v.value, '', v.why);
    if (v.subject.startsWith('planet ')) {
      return note('Planets', v.subject.slice('planet '.length), v.value, v.why);
    }
    return note('Galaxy', v.subject, v.value, v.why);
  });
}

function contentNotes(): ProvisionalNote[] {
  const notes: ProvisionalNote[] = [];
  for (const type of UNIT_TYPES) {
    const u = UNITS[type];
    if (!u.provisional) continue;
    const value = [
      u.cost === null ? 'not bought' : `cost ${u.cost}`,
      u.combat === null ? 'no combat' : `combat ${u.combat}`,
      `move ${u.move}`,
      ...(u.capacity > 0 ? [`capacity ${u.capacity}`] : []),
    ].join(', ');
    notes.push(note('Units', u.name, value, u.source));
  }
  for (const key of Object.keys(RULE_CONSTANTS) as RuleConstant[]) {
    const src = CONSTANT_SOURCES[key];
    if (!src.provisional) continue;
    notes.push(note('Constants', key, String(RULE_CONSTANTS[key]), src.note ?? src.source));
  }
  for (const t of TECHNOLOGIES) {
    if (!t.provisional) continue;
    notes.push(
      note('Technologies', t.name, `${t.colour}, ${prerequisiteText(t.prerequisites)}`, t.source),
    );
  }
  // BG-9: where the research leaves an effect unclear, the reading the engine applies.
  for (const t of TECHNOLOGIES) {
    if (t.reading === undefined) continue;
    notes.push(note('Technologies: effects', t.name, '', t.reading.replace(/\.$/, '')));
  }
  for (const race of Object.values(RACES)) {
    if (race.start.provisional) {
      const techs = race.start.technologies.map((id) => techById(id).name).join(', ');
      notes.push(
        note(
          'Races: starting position',
          race.name,
          `${race.start.credits} credits, ${techs}`,
          race.start.note,
        ),
      );
    }
    for (const a of race.abilities) {
      if (!a.provisional) continue;
      notes.push(note('Races: abilities', race.name, a.text, a.source));
    }
    const alloc = LEADER_ALLOCATION[race.id];
    if (alloc.provisional) {
      const names = alloc.leaders.map((l) => LEADERS[l].name).join(', ');
      notes.push(note('Leaders', race.name, names, alloc.note ?? 'reconstructed'));
    }
  }
  for (const b of PROGRESSION) {
    if (!b.provisional) continue;
    notes.push(note('Progression', b.name, requirementText(b.requires), b.source));
  }
  for (const c of POLITICAL_CARDS) {
    if (!c.provisional) continue;
    notes.push(note('Political cards', c.name, c.text, c.source));
  }
  for (const c of ACTION_CARDS) {
    if (!c.provisional) continue;
    notes.push(note('Action cards', c.name, `×${c.count}`, c.source));
  }
  return notes;
}

/**
 * Every value of the rules and of the map catalogue that is our
 * reconstruction rather than the printed one, with the reason.
 */
export function provisionalNotes(): ProvisionalNote[] {
  return [...mapNotes(), ...contentNotes()];
}

function entryText(n: ProvisionalNote): string {
  const value = n.value.replace(/\.$/, '');
  if (value === '') return n.item;
  // Card counts read as "Sabotage ×4", everything else as "item (value)".
  return value.startsWith('×') ? `${n.item} ${value}` : `${n.item} (${value})`;
}

/** Identical items (twelve "Empty Space" tiles) are listed once with a count. */
function collapse(texts: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const t of texts) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([t, n]) => (n > 1 ? `${t} ×${n}` : t));
}

/** One area of the "Rules notes": each reason once, with every item that shares it. */
export interface RulesNotesSection {
  readonly area: string;
  readonly lines: readonly { readonly items: readonly string[]; readonly why: string }[];
}

/** The "Rules notes" by area, for docs/rules.md and the browser's "About the rules" page alike. */
export function rulesNotesSections(): RulesNotesSection[] {
  const notes = provisionalNotes();
  const sections: RulesNotesSection[] = [];
  for (const area of AREAS) {
    const inArea = notes.filter((n) => n.area === area);
    if (inArea.length === 0) continue;
    const byNote = new Map<string, string[]>();
    for (const n of inArea) {
      const list = byNote.get(n.note) ?? [];
      list.push(entryText(n));
      byNote.set(n.note, list);
    }
    sections.push({
      area,
      lines: [...byNote].map(([why, items]) => ({ items: collapse(items), why })),
    });
  }
  return sections;
}

/**
 * The "Rules notes" body of docs/rules.md: one heading per area, and under it one
 * line per reason listing every item that shares it. Plain lists and no
 * tables, so Prettier leaves the generated text exactly as it is.
 */
export function rulesNotesMarkdown(): string {
  return rulesNotesSections()
    .map(({ area, lines }) => {
      const list = lines.map(({ items, why }) => `- ${items.join('; ')}. _${why}._`);
      return `### ${area}\n\n${list.join('\n')}`;
    })
    .join('\n\n');
}

export const RULES_NOTES_START = '<!-- rules-notes:start -->';
export const RULES_NOTES_END = '<!-- rules-notes:end -->';

/** The text between the markers of docs/rules.md, or null when a marker is missing. */
export function rulesNotesBlock(readme: string): string | null {
  const start = readme.indexOf(RULES_NOTES_START);
  const end = readme.indexOf(RULES_NOTES_END);
  if (start === -1 || end < start) return null;
  return readme.slice(start + RULES_NOTES_START.length, end);
}

/**
 * `readme` with the block between the markers replaced by `markdown`, or
 * null when a marker is missing. Blank lines around the body keep Prettier
 * from touching it.
 */
export function withRulesNotes(readme: string, markdown: string): string | null {
  const start = readme.indexOf(RULES_NOTES_START);
  const end = readme.indexOf(RULES_NOTES_END);
  if (start === -1 || end < start) return null;
  return `${readme.slice(0, start + RULES_NOTES_START.length)}\n\n${markdown}\n\n${readme.slice(end)}`;
}
