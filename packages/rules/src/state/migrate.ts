import { SCHEMA_VERSION, type GameState } from './types.js';

/** Why a stored state cannot be brought to the current shape. */
export type MigrationCode =
  | 'NOT_A_GAME_STATE'
  | 'UNSUPPORTED_SCHEMA_VERSION'
  /** actions stored under other rules (RULES_VERSION) after the game's last snapshot */
  | 'RULES_CHANGED';

/**
 * Thrown by `migrateState` only; the server catches it and shows the game
 * read-only with the message instead of failing.
 */
export class StateMigrationError extends Error {
  readonly code: MigrationCode;
  readonly version: unknown;
  constructor(code: MigrationCode, message: string, version?: unknown) {
    super(message);
    this.name = 'StateMigrationError';
    this.code = code;
    this.version = version;
  }
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * v1 → v2: the individual-turns phase gained optional segment state
 * (`movement`, `combat`). Absent means "nothing has happened in this
 * segment yet", which is exactly what a v1 turn holds, so the phase passes
 * unchanged; only the version moves. A v1 game mid-turn goes on with
 * movement from where it stood.
 */
function fromV1(s: Record<string, unknown>): Record<string, unknown> {
  return { ...s, schemaVersion: 2 };
}

/**
 * v2 → v3: action-card windows and card effects (BG-9), "never
 * ask me" seats, trade agreements (BG-11). A v2 game had none of these:
 * no window open, no card in force, everybody asked, no agreement. Every
 * field v3 adds to the state gets its default here. BG-8 `politics`
 * (the political deck and the laws in force) is optional and stays absent:
 * no law was ever in force in a v2 game, and its first Political phase
 * shuffles the deck from the game's seeded PRNG (phases/political.ts).
 * OR-6.2 `captivesDone`, a leader's `ship` and the turn's `admiralsAt` are
 * optional too and absent in a v2 game: no leader could board a ship or be
 * captured in a v2 game, and absent `admiralsAt` reads where Admirals stand.
 */
function fromV2(s: Record<string, unknown>): Record<string, unknown> {
  return { ...s, schemaVersion: 3, neverAsk: [], cardEffects: [], tradeAgreements: [] };
}

/**
 * v3 → v4: BG-9 card windows became a stack, `window` on top of `outerWindows`. A v3 state had
 * one window at most: it is the top of a stack of one, so nothing moves but the version.
 */
function fromV3(s: Record<string, unknown>): Record<string, unknown> {
  return { ...s, schemaVersion: 4 };
}

/**
 * A v4 fight with its `cardsAsked` marker, as the v5 step it stands at. A fight the engine stored
 * waits for someone: at `round` only while the window before that round is open (the marker says
 * so), and an invasion with forces landed only once its own window has opened (marker 0), so only
 * the marker goes. A fight without the marker is left as it is (already of the v5 shape).
 */
function fightFromV4(f: Record<string, unknown>): Record<string, unknown> {
  if (!('cardsAsked' in f)) return f;
  const { cardsAsked, ...rest } = f;
  const round = typeof f.round === 'number' ? f.round : 0;
  // BG-9: "before a round": held for the round to come, or still to come.
  if (f.step === 'round' && f.defender !== null && cardsAsked !== round + 1) {
    return { ...rest, step: 'before-round' };
  }
  return rest;
}

/** A v4 Political phase with its `offered` windows, as the v5 step it stands at. */
function politicalFromV4(p: Record<string, unknown>): Record<string, unknown> {
  // Without the markers the phase is already of the v5 shape (v4 had offered the window before
  // the draw, at least, before any step but the ones before the agenda).
  if (!('offered' in p) && !('xxchaAnswered' in p)) return p;
  const { offered, ...rest } = p;
  const { xxchaAnswered: _x, ...plain } = rest;
  const held = Array.isArray(offered) ? offered : [];
  const key = `${typeof p.agenda === 'string' ? p.agenda : ''}/${typeof p.revoteOf === 'string' ? p.revoteOf : ''}`;
  if (p.step === 'before-agenda' && held.includes('before-draw')) return { ...plain, step: 'draw' };
  if (p.step !== 'vote') return plain;
  const ballots = Array.isArray(p.ballots) ? p.ballots.length : 0;
  const order = Array.isArray(p.order) ? p.order.length : 0;
  if (ballots >= order && held.includes(`after-votes:${key}`)) return { ...plain, step: 'count' };
  if (ballots > 0 || held.includes(`before-vote:${key}`)) return plain;
  const cardHeld = p.revoteOf !== undefined || held.includes(`political-card:${key}`);
  if (!cardHeld) return { ...plain, step: 'revealed' };
  // BG-1 Xxcha Veto: the Xxcha let this card stand, or is still to say.
  return { ...plain, step: p.xxchaAnswered === p.agenda ? 'before-vote' : 'veto' };
}

/**
 * v4 → v5: the markers of BG-9 windows already held (`SpaceBattle.cardsAsked`,
 * `Invasion.cardsAsked`, `PoliticalPhase.offered` and `xxchaAnswered`) became steps of their own:
 * a fight stands `before-round` until the window before its next round has opened (an invasion
 * stored with forces landed had always opened its own, `landed`, already), and the Political
 * phase at `draw`, `revealed`, `veto`, `before-vote` or `count` between its moments; each marker
 * says which side of its moment the step stood on. The movement-start trigger's `endTurn` became the turn's `ending`
 * (`endingFromV4`). A state already of the v5 shape (no marker) comes through unchanged.
 */
function fromV4(stored: Record<string, unknown>): Record<string, unknown> {
  const s = endingFromV4({ ...stored, schemaVersion: 5 });
  const phase = s.phase;
  if (!isRecord(phase)) return s;
  if (phase.name === 'political') return { ...s, phase: politicalFromV4(phase) };
  const combat = phase.combat;
  if (phase.name !== 'individual-turns' || !isRecord(combat)) return s;
  const next: Record<string, unknown> = { ...combat };
  if (isRecord(combat.battle)) next.battle = fightFromV4(combat.battle);
  if (isRecord(combat.invasion)) next.invasion = fightFromV4(combat.invasion);
  return { ...s, phase: { ...phase, combat: next } };
}

/**
 * v4 → v5, BG-2: a player ending the turn as the window before their Movement segment opened was
 * marked on that window's trigger (`endTurn`); it is the turn's own state now (`ending`).
 */
function endingFromV4(s: Record<string, unknown>): Record<string, unknown> {
  const ending = (w: unknown): boolean =>
    isRecord(w) && isRecord(w.trigger) && w.trigger.endTurn === true;
  const plain = (w: unknown): unknown => {
    if (!ending(w) || !isRecord(w) || !isRecord(w.trigger)) return w;
    const { endTurn: _e, ...trigger } = w.trigger;
    return { ...w, trigger };
  };
  const outer = Array.isArray(s.outerWindows) ? s.outerWindows : [];
  if (!ending(s.window) && !outer.some(ending)) return s;
  const out: Record<string, unknown> = { ...s, window: plain(s.window) };
  if (Array.isArray(s.outerWindows)) out.outerWindows = outer.map(plain);
  return isRecord(s.phase) && s.phase.name === 'individual-turns'
    ? { ...out, phase: { ...s.phase, ending: true } }
    : out;
}

const STEPS: Readonly<Record<number, (s: Record<string, unknown>) => Record<string, unknown>>> = {
  1: fromV1,
  2: fromV2,
  3: fromV3,
  4: fromV4,
};

/**
 * A stored snapshot brought to the current shape (SCHEMA_VERSION). Pure:
 * never writes to `stored`. A state already current is returned as is;
 * anything else that is not a known version throws StateMigrationError.
 */
export function migrateState(stored: unknown): GameState {
  if (!isRecord(stored) || !isRecord(stored.phase) || !Array.isArray(stored.players)) {
    throw new StateMigrationError('NOT_A_GAME_STATE', 'The stored game is not a game state.');
  }
  let s: Record<string, unknown> = stored;
  let version = s.schemaVersion;
  for (;;) {
    if (version === SCHEMA_VERSION) return s as unknown as GameState;
    const step = typeof version === 'number' ? STEPS[version] : undefined;
    if (step === undefined) {
      throw new StateMigrationError(
        'UNSUPPORTED_SCHEMA_VERSION',
        `This game was stored by a version of the server this one cannot read (schema ${version === undefined ? 'missing' : JSON.stringify(version)}, expected ${String(SCHEMA_VERSION)} or older).`,
        version,
      );
    }
    s = step(s);
    version = s.schemaVersion;
  }
}
