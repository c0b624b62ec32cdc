/**
 * How much of each rule of RULES-SPEC a game follows today: the one list the
 * "Rules coverage" table of docs/rules.md and the browser's "About the rules" page
 * are made from, so neither can promise more than the engine does.
 *
 * A status is always one line, so that when a rule lands its entry changes
 * by one line: `status: 'implemented'`, `status: partly('what is missing')`
 * or `status: 'not-yet'`. A test (coverage.test.ts) keeps the list honest:
 * every rule id of RULES-SPEC is here, and every rule marked implemented or
 * partly has a test named by its id.
 */

/** Implemented, not yet, or partly with what is still missing, in a player's words. */
export type CoverageStatus = 'implemented' | 'not-yet' | { readonly partly: string };

export interface RuleCoverage {
  /** The rule id of RULES-SPEC, as used in test names: `BG-5`, `OR-4.2`. */
  readonly id: string;
  /** The rule's heading in RULES-SPEC. */
  readonly name: string;
  readonly status: CoverageStatus;
  /** The rule in a sentence or two, for players. */
  readonly summary: string;
  /** Where a player reads the whole rule. */
  readonly readMore: string;
}

/** A rule that works in part; `missing` says what a player will not find yet. */
export function partly(missing: string): CoverageStatus {
  return { partly: missing };
}

// Where a player reads the whole rule: the printed rulebooks, and for the
// values the printed components lost, the "Rules notes" of docs/rules.md,
// where our reconstructions are listed.
const OR_BOOK = 'Outer Rim rulebook';
const BASE_BOOK = 'Twilight Imperium rulebook (1st edition)';
/** The part of a `readMore` that sends a player to our reconstructed values, the "Rules notes". */
export const RULES_NOTES_REFERENCE = 'our values: "Rules notes" in docs/rules.md';
const NOTES = RULES_NOTES_REFERENCE;

export const RULES_COVERAGE: readonly RuleCoverage[] = [
  {
    id: 'BG-1',
    name: 'Players and races',
    status: 'implemented',
    summary:
      '2 to 8 players (7 and 8 only with the Outer Rim) choose among ten races, each with its home system, starting units, credits, technologies and abilities.',
    readMore: `${BASE_BOOK}; ${NOTES}`,
  },
  {
    id: 'BG-2',
    name: 'Round',
    status: partly(
      'the Assassin phase passes without doing anything: the Assassins option is not offered yet',
    ),
    summary:
      'Every round runs Progression, Market, Assassin, Political, Draw Action Cards, Receive Credits, Purchase Units, Individual Turns, Receive Trade Income, Technology and Place New Units; a phase with nothing to do passes by itself.',
    readMore: BASE_BOOK,
  },
  {
    id: 'BG-3',
    name: 'Units',
    status: 'implemented',
    summary:
      'Dreadnought, Carrier, Cruiser, Fighter, Ground Force, PDS and Spacedock, each with a cost, a combat value (hit on a d10 roll at or above it) and a move; Fighters need a Carrier or a Spacedock.',
    readMore: `${BASE_BOOK}; ${NOTES}`,
  },
  {
    id: 'BG-4',
    name: 'Galaxy',
    status: 'implemented',
    summary:
      'Mecatol Rex in the middle, home systems around it; players lay the tiles one by one in snake order (or the server builds the galaxy, or a map string sets it), obeying the placement rules.',
    readMore: `${BASE_BOOK}; ${NOTES}`,
  },
  {
    id: 'BG-5',
    name: 'Movement',
    status: 'implemented',
    summary:
      'Ships move up to their move value hex by hex and stop when they meet other ships; supernovas and asteroid fields block, wormholes link; Carriers pick up Ground Forces, PDS and Fighters.',
    readMore: BASE_BOOK,
  },
  {
    id: 'BG-6',
    name: 'Space battle',
    status: 'implemented',
    summary:
      'Where the active player’s ships meet another’s, PDS fire first, then both sides roll a die per ship each round and choose their own losses; the attacker may withdraw after a round.',
    readMore: BASE_BOOK,
  },
  {
    id: 'BG-7',
    name: 'Invasion combat',
    status: 'implemented',
    summary:
      'Ground Forces land from Carriers; Dreadnoughts may bombard, defending PDS fire once, then ground rounds until one side is gone; a lone invader takes the planet.',
    readMore: BASE_BOOK,
  },
  {
    id: 'BG-8',
    name: 'Political phase',
    status: 'implemented',
    summary:
      'With 3 or more players a political card is drawn and everyone votes with all of its influence, least influence first; a law that passes stays in force.',
    readMore: `${BASE_BOOK}; ${NOTES}`,
  },
  {
    id: 'BG-9',
    name: 'Technology and action cards',
    status: 'implemented',
    summary:
      'One technology per Technology phase for 30 credits, following the technology tree, each with its effect in the rule it changes (movement, battles, invasions, purchases, income); action cards are drawn each round and played for their effects.',
    readMore: `${BASE_BOOK}; ${NOTES}`,
  },
  {
    id: 'BG-10',
    name: 'Winning',
    status: 'implemented',
    summary:
      'Climb the progression chart one bracket per round (Foundation, Consortium, Dominion, Imperium Rex); reaching Imperium Rex wins, as does being the last player with planets, or the highest bracket at the round limit.',
    readMore: `${BASE_BOOK}; ${NOTES}`,
  },
  {
    id: 'BG-11',
    name: 'Trade agreements',
    status: 'implemented',
    summary:
      'A Trade Agreement card names a partner; while it lasts each partner earns credits for the other’s planets in Receive Trade Income; fighting each other breaks it.',
    readMore: BASE_BOOK,
  },
  {
    id: 'OR-2.1',
    name: 'Gaps',
    status: 'implemented',
    summary:
      'After the galaxy is laid the Outer Rim has gaps: 6 players one, 5 two, 4 three, 3 four, 2 five; 7 and 8 players none.',
    readMore: `${OR_BOOK} §2.1`,
  },
  {
    id: 'OR-2.2',
    name: 'Minor races',
    status: 'implemented',
    summary:
      'Each gap is filled by a system rolled on the Random Planet Chart, and an unused race’s home system takes its place as a minor race that never acts but fights anyone who enters.',
    readMore: `${OR_BOOK} §2.2`,
  },
  {
    id: 'OR-2.3',
    name: 'Long Parsecs',
    status: 'implemented',
    summary: 'An option: the players’ home systems sit in the Outer Rim instead of the third ring.',
    readMore: `${OR_BOOK} §2.3`,
  },
  {
    id: 'OR-3',
    name: 'Seven and eight players',
    status: 'implemented',
    summary:
      'Seven and eight players use the Outer Rim layouts; with seven the Tight seat gets 35 extra credits and its two neighbours 25 each.',
    readMore: `${OR_BOOK} §3.0`,
  },
  {
    id: 'OR-4.1',
    name: 'Nebula',
    status: 'implemented',
    summary:
      'A ship that enters a nebula stops there, and Fighters have no combat value inside it; a nebula may not be laid beside another anomaly unless there is no other place.',
    readMore: `${OR_BOOK} §4.1`,
  },
  {
    id: 'OR-4.2',
    name: 'Gravity Rift',
    status: 'implemented',
    summary:
      'A ship leaving a gravity rift rolls a die: on 7-10 it leaves where its owner likes, on 1-6 through the side the die names, or it stays; the exit is free. Spatial Jump ignores rifts.',
    readMore: `${OR_BOOK} §4.2`,
  },
  {
    id: 'OR-5',
    name: 'New races',
    status: 'implemented',
    summary: 'Two more races to play: the L1Z1X Mindnet and the Naalu Collective.',
    readMore: `${OR_BOOK} §5.0`,
  },
  {
    id: 'OR-6.1',
    name: 'Shock Forces, Hopes End',
    status: 'implemented',
    summary:
      'An option: a Ground Force that rolls a natural 10 in combat, then a 9 or 10, becomes a Shock Force (hits on 5, at most 3 each, may capture Spacedocks and PDS); the owner of Hopes End may convert one Ground Force there per Political phase for 1 credit.',
    readMore: `${OR_BOOK} §6.1`,
  },
  {
    id: 'OR-6.2',
    name: 'Leaders',
    status: partly(
      "leaders board, fight, vote, are killed, captured, handed over, executed and rescued (an escaping leader goes to the planet its owner chooses), and every ability of the Leader Table applies: the General, the Admiral, the Agent (also sacrificed as a Sabotage card), the Diplomat (delaying an invasion, passing opponents' ships with their leave, picking the agenda) and the Scientist (double income, the 5-credit PDS); missing: the Assassins option (RULES-SPEC: later)",
    ),
    summary:
      'An option: every race has three leaders (Admiral, General, Scientist, Diplomat, Agent) who travel with fleets and help in battle, politics and income, and can be captured.',
    readMore: `${OR_BOOK} §6.2`,
  },
];

/** "implemented", "partly: …" or "not yet": the status as docs/rules.md and the web page print it. */
export function statusWords(status: CoverageStatus): string {
  if (status === 'implemented') return 'implemented';
  if (status === 'not-yet') return 'not yet';
  return `partly: ${status.partly}`;
}

/** The rules the engine follows at least in part. */
export function coveredRules(): readonly RuleCoverage[] {
  return RULES_COVERAGE.filter((r) => r.status !== 'not-yet');
}

/** Escapes what would break a Markdown table cell. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

/**
 * The "Rules coverage" table of docs/rules.md. Columns are padded the way Prettier
 * pads Markdown tables, so `prettier --check` leaves the generated text as
 * it is and its test can compare it byte for byte.
 */
export function rulesCoverageMarkdown(): string {
  const header = ['rule', 'name', 'status', 'in plain words', 'read more'];
  const rows = RULES_COVERAGE.map((r) =>
    [r.id, r.name, statusWords(r.status), r.summary, r.readMore].map(cell),
  );
  const widths = header.map((h, i) =>
    Math.max(
      3,
      [h, ...rows.map((row) => row[i] ?? '')].reduce((w, t) => Math.max(w, width(t)), 0),
    ),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c + ' '.repeat((widths[i] ?? 0) - width(c))).join(' | ')} |`;
  const rule = `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`;
  const counts = {
    implemented: RULES_COVERAGE.filter((r) => r.status === 'implemented').length,
    partly: RULES_COVERAGE.filter((r) => typeof r.status === 'object').length,
    notYet: RULES_COVERAGE.filter((r) => r.status === 'not-yet').length,
  };
  const tally = `${RULES_COVERAGE.length} rules: ${counts.implemented} implemented, ${counts.partly} partly, ${counts.notYet} not yet.`;
  return [tally, '', line(header), rule, ...rows.map(line)].join('\n');
}

/** Display width as Prettier counts it for the characters this table uses (one column each). */
function width(text: string): number {
  return Array.from(text).length;
}

/**
 * The opening paragraph's claim, made from the same list so it stays true
 * as rules land: how many rules work, and which do not yet.
 */
export function rulesCoverageSummary(): string {
  const missing = RULES_COVERAGE.filter((r) => r.status === 'not-yet').map((r) => r.name);
  const part = RULES_COVERAGE.filter((r) => typeof r.status === 'object').length;
  const done = RULES_COVERAGE.length - missing.length - part;
  const link = '[Rules coverage](docs/rules.md#rules-coverage)';
  if (missing.length === 0 && part === 0) {
    return `Every rule of the game is implemented; ${link} lists them.`;
  }
  const notYet =
    missing.length === 0 ? '' : ` and ${missing.length} not yet (${missing.join('; ')})`;
  return (
    `**Not the whole game yet.** Of the game's ${RULES_COVERAGE.length} rules, ${done} are implemented, ` +
    `${part} work in part${notYet}. ${link} says, rule by rule, what a table can play today and what is missing.`
  );
}

/**
 * The generated blocks and the file each lives in, from the repository root:
 * the README's opening summary and docs/rules.md's coverage table.
 */
export const RULES_COVERAGE_BLOCKS = [
  {
    file: 'README.md',
    start: '<!-- rules-coverage-summary:start -->',
    end: '<!-- rules-coverage-summary:end -->',
    markdown: rulesCoverageSummary,
  },
  {
    file: 'docs/rules.md',
    start: '<!-- rules-coverage:start -->',
    end: '<!-- rules-coverage:end -->',
    markdown: rulesCoverageMarkdown,
  },
] as const;

/** The files that hold a generated block, each once. */
export const RULES_COVERAGE_FILES: readonly string[] = [
  ...new Set(RULES_COVERAGE_BLOCKS.map((block) => block.file)),
];

/** The text between `start` and `end` in `doc`, or null when a marker is missing. */
export function markedBlock(doc: string, start: string, end: string): string | null {
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from === -1 || to < from) return null;
  return doc.slice(from + start.length, to);
}

/**
 * `doc` with the block between `start` and `end` replaced by `markdown`, or
 * null when a marker is missing. Blank lines around the body keep Prettier
 * from touching it.
 */
export function withMarkedBlock(
  doc: string,
  start: string,
  end: string,
  markdown: string,
): string | null {
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from === -1 || to < from) return null;
  return `${doc.slice(0, from + start.length)}\n\n${markdown}\n\n${doc.slice(to)}`;
}

/**
 * `text`, the content of `file`, with that file's coverage blocks
 * regenerated, or null when one of their markers is missing.
 */
export function withRulesCoverage(file: string, text: string): string | null {
  let doc: string | null = text;
  for (const block of RULES_COVERAGE_BLOCKS) {
    if (block.file !== file) continue;
    if (doc === null) return null;
    doc = withMarkedBlock(doc, block.start, block.end, block.markdown());
  }
  return doc;
}
