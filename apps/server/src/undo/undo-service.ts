import { RULES_VERSION, apply, migrateState, planUndo } from '@outer-rim/rules';
import type { UndoStep } from '@outer-rim/rules';
import type {
  GameRecord,
  UndoConsent,
  UndoNotice,
  UndoOutcome,
  UndoPending,
  UndoRequest,
  UndoStatus,
} from '@outer-rim/protocol';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors.js';
import type { Entry } from '../games/game-cache.js';
import type { GameService } from '../games/game-service.js';
import { GameLogCorruptError } from '../games/game-service.js';
import type { LobbyService } from '../lobby/lobby-service.js';
import { UndoStore } from './undo-store.js';

/** How many steps back an undo looks for the seat's last action. */
export const UNDO_WINDOW = 30;

export interface UndoServiceDeps {
  db: Db;
  games: GameService;
  lobby: LobbyService;
  /** tells every viewer of the game (on every process) of an undo asked, done or declined */
  notify: (notice: UndoNotice) => void;
}

const moved = () =>
  new ApiError(
    'STALE_STATE',
    'The game moved on since you looked: look again at what an undo would take back.',
  );

/**
 * Taking back a misclick. The rules decide what may be undone (`planUndo`, over the recent
 * history rebuilt from the log); this service asks the consents, and cuts the log back inside the
 * game's queue (`GameService.rewind`), so no action is decided on the history being cut off.
 */
export class UndoService {
  readonly store: UndoStore;

  constructor(private readonly deps: UndoServiceDeps) {
    this.store = new UndoStore(deps.db);
  }

  /** What taking back `seat`'s last action would undo now, and the undo waiting, if any. */
  async status(gameId: string, seat: number): Promise<UndoStatus> {
    const game = await this.deps.lobby.get(gameId);
    const head = await this.deps.games.read(gameId);
    if (head === undefined) throw new ApiError('GAME_NOT_STARTED', 'This game has not started.');
    const { plan } = await this.#plan(gameId, head, seat, game);
    const pending = await this.store.pending(gameId);
    return {
      head: head.seq,
      plan: plan.ok
        ? { ...plan, consentFrom: plan.consentFrom.filter((s) => isPerson(game, s)) }
        : plan,
      pending: pending?.head === head.seq ? pending : null,
    };
  }

  /** `seat` asks to take back its action at `seq`: done at once, or waiting for consents. */
  async ask(gameId: string, seat: number, request: UndoRequest): Promise<UndoOutcome> {
    const game = await this.deps.lobby.get(gameId);
    const outcome = await this.deps.games.rewind<UndoOutcome>(gameId, async (head) => {
      if (head === undefined) {
        throw new ApiError('GAME_NOT_STARTED', 'This game has not started.');
      }
      if (head.seq !== request.head) throw moved();
      const { plan, steps } = await this.#plan(gameId, head, seat, game);
      if (!plan.ok) throw new ApiError('UNDO_REFUSED', plan.message, { reason: plan.reason });
      if (plan.seq !== request.seq) throw moved();
      const needs = plan.consentFrom.filter((s) => isPerson(game, s));
      if (needs.length === 0) {
        await this.store.cutBack(gameId, plan.toSeq, seat, []);
        const done: UndoOutcome = { outcome: 'done', toSeq: plan.toSeq, lines: plan.lines };
        return { head: stateBefore(steps, plan.seq), result: done };
      }
      const pending: UndoPending = {
        seat,
        seq: plan.seq,
        head: head.seq,
        lines: plan.lines,
        needs,
        consents: [],
      };
      await this.store.ask(gameId, pending);
      return { result: { outcome: 'waiting', pending } };
    });
    this.#tell(gameId, seat, outcome);
    return outcome;
  }

  /** `seat` answers the undo of `seq` that waits for its consent. */
  async answer(gameId: string, seat: number, consent: UndoConsent): Promise<UndoOutcome> {
    const game = await this.deps.lobby.get(gameId);
    let asker = seat;
    const outcome = await this.deps.games.rewind<UndoOutcome>(gameId, async (head) => {
      const pending = await this.store.pending(gameId);
      if (pending === null || pending.seq !== consent.seq || pending.head !== head?.seq) {
        throw new ApiError('UNDO_REFUSED', 'No undo of that step waits for your answer.');
      }
      asker = pending.seat;
      if (!pending.needs.includes(seat)) {
        throw new ApiError('FORBIDDEN', 'This undo does not ask for your consent.');
      }
      if (!consent.agree) {
        await this.store.drop(gameId);
        return { result: { outcome: 'declined' } };
      }
      const now = await this.store.consent(gameId, consent.seq, seat);
      if (now === null) throw new ApiError('UNDO_REFUSED', 'The undo was withdrawn.');
      if (!now.needs.every((s) => now.consents.includes(s))) {
        return { result: { outcome: 'waiting', pending: now } };
      }
      // Everyone agreed: judged again on the head, which is still the one it was asked at.
      const { plan, steps } = await this.#plan(gameId, head, now.seat, game);
      if (!plan.ok || plan.seq !== now.seq) {
        await this.store.drop(gameId);
        throw new ApiError(
          'UNDO_REFUSED',
          plan.ok ? 'The undo no longer fits the game.' : plan.message,
        );
      }
      await this.store.cutBack(gameId, plan.toSeq, now.seat, now.needs);
      const done: UndoOutcome = { outcome: 'done', toSeq: plan.toSeq, lines: plan.lines };
      return { head: stateBefore(steps, plan.seq), result: done };
    });
    if (outcome.outcome === 'declined') {
      this.deps.notify({ gameId, pending: null, declined: { seat } });
    } else {
      this.#tell(gameId, asker, outcome);
    }
    return outcome;
  }

  #tell(gameId: string, seat: number, outcome: UndoOutcome): void {
    if (outcome.outcome === 'waiting') {
      this.deps.notify({ gameId, pending: outcome.pending });
    } else if (outcome.outcome === 'done') {
      this.deps.notify({
        gameId,
        pending: null,
        done: { seat, toSeq: outcome.toSeq, lines: outcome.lines },
      });
    }
  }

  async #plan(gameId: string, head: Entry, seat: number, game: GameRecord) {
    const steps = await this.#history(gameId, head);
    const names = game.seats.map((s) => s.name ?? `Seat ${String(s.seat + 1)}`);
    return { plan: planUndo(steps, seat, names), steps };
  }

  /** The last UNDO_WINDOW steps up to `head`, rebuilt from a snapshot and the log. */
  async #history(gameId: string, head: Entry): Promise<UndoStep[]> {
    const { store } = this.deps.games;
    const from = Math.max(0, head.seq - UNDO_WINDOW);
    const snapshot = await store.snapshotAtOrBefore(gameId, from);
    // Moves played under other rules are not replayed (docs/upgrades.md): none can be undone.
    if (snapshot === undefined || snapshot.rulesVersion !== RULES_VERSION) return [];
    let state = migrateState(snapshot.state);
    const steps: UndoStep[] = [];
    for (const stored of await store.actionsAfter(gameId, snapshot.seq, head.seq - snapshot.seq)) {
      const result = apply(state, stored.seat, stored.action);
      if (!result.ok) throw new GameLogCorruptError(gameId, stored.seq, result.error.message);
      if (stored.seq > from) {
        steps.push({
          seq: stored.seq,
          seat: stored.seat,
          events: result.events,
          before: state,
          after: result.state,
        });
      }
      state = result.state;
    }
    return steps;
  }
}

/** A person's seat: bots, and bots playing a seat while its player is away, do not consent. */
function isPerson(game: GameRecord, seat: number): boolean {
  const record = game.seats[seat];
  return record !== undefined && record.bot === undefined && record.handedOver !== true;
}

function stateBefore(steps: readonly UndoStep[], seq: number): Entry {
  const step = steps.find((s) => s.seq === seq);
  if (step === undefined) throw new Error(`no step ${String(seq)} in the history read`);
  return { seq: seq - 1, state: step.before };
}
