import { ACTION_RULE, GAME_OVER_RULE, TURN_ORDER_RULE } from './actions/action-rules.js';
import { parseAction } from './actions/compiled-schema.js';
import type { Action } from './actions/schema.js';
import { cancelTrade } from './cards/trade.js';
import { applyEavesdrop } from './politics/eavesdrop.js';
import { setCardPrompts } from './cards/window.js';
import { consentRefusal, frameRules } from './frames.js';
import { enforceLeaderPlaces, sameGround } from './leaders/fates.js';
import type { Ground } from './leaders/fates.js';
import { ACTION_DECISION } from './decision.js';
import { decisionsOf } from './decisions.js';
import { ruleError, type RuleError } from './errors.js';
import type { GameEvent } from './events.js';
import { topFrame } from './pending.js';
import { Draft } from './state/draft.js';
import { STEPS, run } from './resume.js';
import { rememberSettled, type Settled } from './state/settled.js';
import type { GameState, Seat } from './state/types.js';

export type ApplyResult =
  { ok: true; state: GameState; events: GameEvent[] } | { ok: false; error: RuleError };

function dispatch(d: Draft, seat: Seat, action: Action): RuleError | null {
  // BG-9 / BG-11: allowed at any moment, never awaited.
  if (action.type === 'card-prompts') {
    setCardPrompts(d, seat, action.ask);
    return null;
  }
  if (action.type === 'cancel-trade') return cancelTrade(d, seat, action.partner);
  if (action.type === 'eavesdrop') return applyEavesdrop(d, seat, action.seat);
  // The frame owed first (pending.ts) answers the action; `apply` checked it awaits this kind.
  const top = topFrame(d.s);
  return frameRules(top).apply(d, top, seat, action);
}

/** A refusal by the rules names the rule that stopped it: its own, else the action's. */
function withRule(error: RuleError, rule: string): RuleError {
  const byRules = ['ILLEGAL_ACTION', 'NOT_YOUR_DECISION', 'GAME_OVER'].includes(error.code);
  return error.rule !== undefined || !byRules ? error : { ...error, rule };
}

/**
 * The reducer: validate, check the seat is owed this decision, check the
 * rules, then produce the next state and its events. Never throws and never
 * writes to `state`; a refused action changes nothing.
 */
export function apply(state: GameState, seat: Seat, action: unknown): ApplyResult {
  try {
    const parsed = parseAction(action);
    if (!parsed.success) {
      return {
        ok: false,
        error: ruleError('BAD_REQUEST', 'That is not a valid action.', parsed.error.issues),
      };
    }
    if (
      typeof seat !== 'number' ||
      !Number.isInteger(seat) ||
      seat < 0 ||
      seat >= state.players.length
    ) {
      return {
        ok: false,
        error: ruleError('UNKNOWN_SEAT', 'There is no such seat at this table.'),
      };
    }
    if (state.phase.name === 'game-over') {
      return {
        ok: false,
        error: withRule(ruleError('GAME_OVER', 'The game is over.'), GAME_OVER_RULE),
      };
    }
    const kind = ACTION_DECISION[parsed.data.type];
    if (
      kind !== 'any-time' &&
      !decisionsOf(state).some((x) => x.seat === seat && x.kind === kind)
    ) {
      // BG-11, OR-6.2: a question owed to another seat is answered first; the refusal says whose.
      const top = topFrame(state);
      return {
        ok: false,
        error:
          top.kind === 'consent'
            ? consentRefusal(state, top.consent)
            : withRule(
                ruleError('NOT_YOUR_DECISION', 'The game is not waiting for you to do that now.', {
                  awaited: kind,
                }),
                TURN_ORDER_RULE,
              ),
      };
    }
    const d = new Draft(state, STEPS);
    const error = dispatch(d, seat, parsed.data);
    if (error !== null) {
      const rule = error.code === 'GAME_OVER' ? GAME_OVER_RULE : ACTION_RULE[parsed.data.type];
      return { ok: false, error: withRule(error, rule) };
    }
    // The action's own steps run on (a fight, a card window, the turn or the Political phase).
    run(d, false);
    // OR-6.2: a leader whose ship or troops went by any other way is killed.
    enforceLeaderPlaces(d, state);
    d.keepUnits();
    const { units, planets, players, phase } = d.s;
    const checked: Ground = { units, planets, players, phase };
    // The round moves on when the phase owes nothing more.
    const waiting = run(d, true);
    const next = d.finish();
    // OR-6.2: unless the round's next phases moved something after the check, it holds for `next`.
    const facts: Settled = { leadersInPlace: sameGround(next, checked) };
    if (waiting !== undefined) facts.decisions = waiting;
    rememberSettled(next, facts);
    return { ok: true, state: next, events: d.events };
  } catch (e) {
    return {
      ok: false,
      error: ruleError(
        'INTERNAL_ERROR',
        'The rules engine failed on this action; nothing changed.',
        {
          cause: e instanceof Error ? e.message : String(e),
        },
      ),
    };
  }
}
