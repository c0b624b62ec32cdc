import type { Action } from '../actions/schema.js';
import { ruleError, type RuleError } from '../errors.js';
import { hasAbility } from '../state/abilities.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table } from '../state/types.js';

/**
 * BG-1 Yssaril Eavesdrop: in the Political phase the Yssaril may look at
 * one player's action cards, once per phase, beside any decision it owes
 * there. The cards go only to the Yssaril seat: the `hand-revealed` event
 * carries them and every other viewer's copy has them cut (views/events-for.ts);
 * the state keeps only that the look was taken.
 */
export function eavesdropLegal(t: Table, seat: Seat): Action[] {
  const phase = t.phase;
  if (phase.name !== 'political' || phase.eavesdropped === true) return [];
  if (!hasAbility(t, seat, 'yssaril-eavesdrop')) return [];
  return t.players.flatMap((_p, other) =>
    other === seat ? [] : [{ type: 'eavesdrop' as const, seat: other }],
  );
}

export function applyEavesdrop(d: Draft, seat: Seat, target: Seat): RuleError | null {
  const phase = d.s.phase;
  if (phase.name !== 'political' || !hasAbility(d.s, seat, 'yssaril-eavesdrop')) {
    return ruleError(
      'NOT_YOUR_DECISION',
      'Only the Yssaril may eavesdrop, in the Political phase.',
    );
  }
  if (phase.eavesdropped === true) {
    return ruleError('ILLEGAL_ACTION', 'You have already eavesdropped in this Political phase.');
  }
  const hand = d.s.players[target]?.hand;
  if (target === seat || hand === undefined) {
    return ruleError('ILLEGAL_ACTION', 'Choose another player whose action cards to look at.');
  }
  d.s.phase = { ...phase, eavesdropped: true };
  d.emit({ type: 'hand-revealed', seat, of: target, cards: [...hand] });
  return null;
}
