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

const STEPS: Readonly<Record<number, (s: Record<string, unknown>) => Record<string, unknown>>> = {
  1: fromV1,
  2: fromV2,
  3: fromV3,
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
