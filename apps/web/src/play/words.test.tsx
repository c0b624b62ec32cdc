// @vitest-environment happy-dom
import { RACE_IDS, TILES, tileById, type HexKey } from '@outer-rim/map';
import {
  ACTION_CARDS,
  apply,
  createGame,
  decisions,
  describeEvent,
  eventsFor,
  legalActions,
  ROUND_PHASES,
  TECHNOLOGIES,
  TURN_SEGMENTS,
  UNITS,
  view,
  type GameState,
  type Viewer,
} from '@outer-rim/rules';
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { withHand, turnOf, withUnits } from '@outer-rim/rules/testing';
import { emptyChat } from './chat';
import type { LogEntry } from './live-game';
import { words } from './player-summary';
import { Table } from './table';

/**
 * Nothing a player reads is an internal id. A whole random game is
 * played with the engine's own legal actions; at every step the log, the
 * decision panel, the players and the status line are rendered with the real
 * components, for a seat and for a spectator, and their text is searched for
 * anything shaped like an id.
 */

/** Every id the content knows, and the naive "Title Case" of it where that is not the printed name. */
function idTokens(): string[] {
  const printed = new Map<string, string>([
    ...TECHNOLOGIES.map((t) => [t.id, t.name] as const),
    ...ACTION_CARDS.map((c) => [c.id, c.name] as const),
    ...TILES.map((t) => [t.id, t.name] as const),
  ]);
  const ids = [
    ...printed.keys(),
    ...RACE_IDS,
    ...ROUND_PHASES,
    ...TURN_SEGMENTS,
    ...Object.keys(UNITS),
    'imperium-rex',
    'last-with-planets',
    'round-limit',
  ].filter((id) => id.includes('-') || /\d/.test(id));
  // Only technologies and cards have printed names a naive Title Case gets wrong (XRD, X-89).
  const naive = [...TECHNOLOGIES, ...ACTION_CARDS]
    .map((t) => words(t.id))
    .filter((w) => ![...printed.values()].includes(w));
  return [...new Set([...ids, ...naive])];
}

const TOKENS = idTokens();
// Lower-case words joined by hyphens (`abyz-fria`, `empty-11`, `micro-technology`), card
// instances (`good-year#2`), race codes (`Xrd`, `L1z1x`), `minor:xxcha` owners.
const SHAPES: readonly RegExp[] = [
  /\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b/,
  /[a-z]#\d/,
  /\bminor:/,
  /\b(?:Xrd|L1z1x|Jol Nar|Sardakk Norr)\b/,
  // A system's key (`0,-3`, `-2,1`): systems are named by their planets, or by those beside them.
  /(?<![\w.,-])-?\d,-?\d(?![\w,])/,
];
// Ordinary hyphenated English the engine's sentences may use.
const ENGLISH = new Set(['tie-break', 'set-aside', 're-roll']);

export function idsIn(text: string): string[] {
  const found: string[] = [];
  for (const token of TOKENS) {
    const at = text.indexOf(token);
    if (at === -1) continue;
    const before = text.charAt(at - 1);
    const after = text.charAt(at + token.length);
    // A whole token, not part of a longer word such as "Jol-Nar" containing "jol-nar" lower-cased.
    if (!/[\w-]/.test(before) && !/[\w-]/.test(after)) found.push(token);
  }
  for (const shape of SHAPES) {
    const global = new RegExp(shape.source, 'g');
    for (const m of text.matchAll(global)) if (!ENGLISH.has(m[0])) found.push(m[0]);
  }
  return found;
}

/**
 * Slips a table of players read and reported, each made at its source once: none may come back.
 * A home tile is "… home system" (never "home system system"); a segment is named as the others
 * are, in capitals; a count agrees with its noun; a one-step move does not pass its own
 * destination; a free rift roll (7–10, OR-4.2) is never "only through" the sides left open.
 */
const SLIPS: readonly RegExp[] = [
  /\bsystem system\b/,
  /\b(?:leaders board(?: ships)?|movement|space battle|invasion combat) segment\b/,
  /(?<![\d.,])\b1 (?:rounds|credits|planets|units|ships)\b/,
  /\bTo ([^.]+?) via \1(?:[.,]|$)/m,
  /\brolls? (?:[7-9]|10)\b[^.]*only through side/,
];

export function slipsIn(text: string): string[] {
  return SLIPS.flatMap((slip) => {
    const m = slip.exec(text);
    return m === null ? [] : [m[0]];
  });
}

function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 0x1_0000_0000;
  };
}

const names = ['Ann', 'Bo', 'Cy', 'Di'];

afterEach(() => {
  document.body.innerHTML = '';
});

function renderedText(state: GameState, log: readonly LogEntry[], viewer: Viewer): string {
  const el = document.body.appendChild(document.createElement('div'));
  const v = view(state, viewer);
  render(
    <Table
      view={v}
      seq={log.length}
      seat={viewer === 'spectator' ? undefined : viewer}
      log={log.map((e) => ({ ...e, events: eventsFor(e.events, viewer) }))}
      chat={emptyChat()}
      onAct={() => Promise.resolve(undefined)}
      onOpenChannel={() => undefined}
      onChat={() => Promise.resolve(undefined)}
    />,
    el,
  );
  // Hover texts are read too.
  const titles = [...el.querySelectorAll('[title]')].map((n) => n.getAttribute('title') ?? '');
  const options = [...el.querySelectorAll('option')].map((n) => n.textContent);
  // Text node by text node: textContent would glue "Di" and "#2" of neighbouring elements.
  const walker = document.createTreeWalker(el, 4);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    texts.push(node.textContent ?? '');
  }
  const text = [...texts, ...titles, ...options].join('\n');
  render(null, el);
  el.remove();
  return text;
}

describe('words: no internal id reaches a player', () => {
  it('the detector finds the ids the issue lists, and passes plain sentences', () => {
    for (const bad of [
      'Ann places abyz-fria',
      'empty-11',
      'discards good-year#2',
      'acquires micro-technology',
      'the invasion-combat segment',
      'Technologies: Xrd Transporter',
      'Ann plays Spatial Jump (system 0,-3, to system -2,1)',
      'the Nebula at 1,-2',
    ]) {
      expect(idsIn(bad), bad).not.toEqual([]);
    }
    expect(
      idsIn(
        'Ann acquires XRD Transporter. Bo: turn order tie-break: rolled 3 (d100). Jol-Nar. 2,000 credits. Spatial Jump (in the Nebula next to Abyz / Fria)',
      ),
    ).toEqual([]);
  });

  it('the slip detector finds each slip players reported, and passes the corrected sentences', () => {
    for (const bad of [
      'Ann loads 2 Ground Forces aboard at the Federation of Sol home system system.',
      'leaders board ships segment of your turn.',
      'Bo: Movement segment, then the space battle segment',
      'The game ends after 1 rounds at most',
      'To Vega Major / Vega Minor via Vega Major / Vega Minor.',
      'Ann: a Cruiser in the Gravity Rift rolls 8 and may leave only through side 2, 3, 4.',
    ]) {
      expect(slipsIn(bad), bad).not.toEqual([]);
    }
    expect(
      slipsIn(
        'Ann loads 2 Ground Forces at the Federation of Sol home system. Leaders Board Ships segment of your turn. 1 round at most; 11 rounds. To Abyz / Fria via Mecatol Rex. Ann: a Cruiser in the Gravity Rift rolls 8 and may leave through any side; only side 2, 3 or 4 lead where it may go. Bo: a Carrier rolls 3 and may leave only through side 3.',
      ),
    ).toEqual([]);
  });

  it('a whole random game: log, decisions, players and status in words', () => {
    let state = createGame(
      {
        players: names.map((name) => ({ name })),
        galaxy: { mode: 'build' },
        roundLimit: 3,
      },
      'words',
    );
    const log: LogEntry[] = [{ seq: 0, seat: 0, events: state.setupEvents }];
    const rnd = lcg(11);
    const problems = new Set<string>();
    const check = (text: string, where: string) => {
      for (const id of idsIn(text)) problems.add(`${where}: ${id}`);
      for (const slip of slipsIn(text)) problems.add(`${where}: ${slip}`);
    };
    for (let step = 1; step < 4000 && state.phase.name !== 'game-over'; step++) {
      const ds = decisions(state);
      const d = ds[Math.floor(rnd() * ds.length)];
      if (d === undefined) throw new Error(`no decision in ${state.phase.name}`);
      const actions = legalActions(state, d.seat);
      const action = actions[Math.floor(rnd() * actions.length)];
      if (action === undefined) throw new Error(`seat ${d.seat} has no legal action`);
      // What the seat was shown before choosing, and every line the step wrote.
      if (step % 25 === 0) {
        check(renderedText(state, log, d.seat), `step ${step}, seat ${d.seat}`);
      }
      const r = apply(state, d.seat, action);
      if (!r.ok) throw new Error(r.error.message);
      for (const e of r.events) {
        check(describeEvent(e, names, r.state.galaxy), `event ${e.type}`);
      }
      log.push({ seq: step, seat: d.seat, events: r.events });
      state = r.state;
    }
    expect(state.phase.name).toBe('game-over');
    check(renderedText(state, log, 0), 'end, seat 0');
    check(renderedText(state, log, 'spectator'), 'end, spectator');
    expect([
      ...new Set([...problems].map((p) => p.replace(/^step \d+, seat \d+/, 'step'))),
    ]).toEqual([]);
  }, 120_000);

  it('BG-9: a card aimed at a system names it by its planets, or by the planets beside it', () => {
    // Ann's turn begins (OR-6.2 leaders on): a Cruiser of hers waits in a system without planets.
    let s = turnOf(0, 'leaders-board', {
      players: [{ race: 'sol' }, { race: 'letnev' }],
      leaders: true,
    });
    const empty = (Object.keys(s.galaxy.tiles) as HexKey[]).find((k) => {
      const tile = tileById(s.galaxy.tiles[k]?.tileId ?? '');
      return tile !== undefined && tile.planets.length === 0 && tile.anomaly === undefined;
    });
    if (empty === undefined) throw new Error('no system without planets');
    s = withUnits(s, empty, 0, { cruiser: 1 });
    s = withHand(withHand(s, 0, ['spatial-jump']), 1, ['signal-jamming', 'sabotage']);
    s = { ...s, players: s.players.map((p, i) => ({ ...p, name: names[i] ?? p.name })) };
    const opened = apply(s, 0, { type: 'end-segment' });
    if (!opened.ok) throw new Error(opened.error.message);
    const jams = legalActions(opened.state, 1).filter(
      (a) => a.type === 'play-card' && a.target?.hex === empty,
    );
    const jam = jams[0];
    if (jam === undefined) throw new Error('Signal Jamming is not offered on the empty system');
    const played = apply(opened.state, 1, jam);
    if (!played.ok) throw new Error(played.error.message);
    const log: LogEntry[] = [
      { seq: 1, seat: 0, events: opened.events },
      { seq: 2, seat: 1, events: played.events },
    ];
    const texts = [
      // Ann's hand lists every Spatial Jump by origin and destination; the stack shows the jamming.
      renderedText(opened.state, log.slice(0, 1), 0),
      renderedText(played.state, log, 0),
      renderedText(played.state, log, 1),
      renderedText(played.state, log, 'spectator'),
      ...played.events.map((e) => describeEvent(e, names, played.state.galaxy)),
    ];
    const all = texts.join('\n');
    expect(all).toMatch(/Spatial Jump/);
    expect(all).toMatch(/Signal Jamming \(in the [A-Z][\w ]+ next to /);
    expect(texts.flatMap((t) => idsIn(t))).toEqual([]);
  });
});
