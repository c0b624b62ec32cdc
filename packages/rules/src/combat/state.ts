import type { HexKey } from '@outer-rim/map';
import type { Draft } from '../state/draft.js';
import type { TurnsPhase } from '../state/phase.js';
import type { CombatState, Invasion, SpaceBattle } from './types.js';

export type { TurnsPhase };

export const EMPTY_COMBAT: CombatState = { queue: [], landed: [], bombarded: {} };

export function turnsOf(d: Draft): TurnsPhase {
  const phase = d.s.phase;
  if (phase.name !== 'individual-turns') throw new Error('combat outside an individual turn');
  return phase;
}

export function combatOf(phase: TurnsPhase): CombatState {
  return phase.combat ?? EMPTY_COMBAT;
}

export function setCombat(d: Draft, combat: CombatState): void {
  d.s.phase = { ...turnsOf(d), combat };
}

export function setBattle(d: Draft, battle: SpaceBattle | undefined): void {
  const { battle: _old, ...rest } = combatOf(turnsOf(d));
  setCombat(d, battle === undefined ? rest : { ...rest, battle });
}

export function setInvasion(d: Draft, invasion: Invasion | undefined): void {
  const { invasion: _old, ...rest } = combatOf(turnsOf(d));
  setCombat(d, invasion === undefined ? rest : { ...rest, invasion });
}

/** Something in this segment must be resolved before the turn goes on. */
export function combatBusy(phase: TurnsPhase): boolean {
  const c = phase.combat;
  return (
    c !== undefined &&
    (c.battle !== undefined ||
      c.invasion !== undefined ||
      c.delay !== undefined ||
      c.queue.length > 0)
  );
}

/**
 * What the Movement segment recorded (movement/types.ts): where the active
 * player's ships ended a move this turn (BG-3 PDS fire), and for each such
 * system the adjacent systems they came from (BG-6 withdrawal).
 */
export function arrivedHexes(phase: TurnsPhase): readonly HexKey[] {
  return phase.movement?.arrived ?? [];
}

export function cameFrom(phase: TurnsPhase, hex: HexKey): readonly HexKey[] {
  return phase.movement?.cameFrom[hex] ?? [];
}
