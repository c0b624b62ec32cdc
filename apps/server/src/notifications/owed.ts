import { decisionsOf } from '@outer-rim/rules';
import type { GameState } from '@outer-rim/rules';

/**
 * Which seats owe a decision in `state`, each with its prompts in plain words. Decisions are
 * worked out from public information only, so this may be told to anyone at the table. An
 * `any-time` decision (the "never ask me" setting, cancelling a trade) is offered, never awaited:
 * nobody owes it.
 */
export function owedDecisions(state: GameState): Map<number, string[]> {
  const owed = new Map<number, string[]>();
  for (const decision of decisionsOf(state)) {
    if (decision.kind === 'any-time') continue;
    const prompts = owed.get(decision.seat) ?? [];
    if (!prompts.includes(decision.prompt)) prompts.push(decision.prompt);
    owed.set(decision.seat, prompts);
  }
  return owed;
}
