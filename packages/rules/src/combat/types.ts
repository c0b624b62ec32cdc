import type { HexKey } from '@outer-rim/map';
import type { ActionOf } from '../actions/schema.js';
import type { Owner, Seat, UnitCounts } from '../state/types.js';

/**
 * The state of the Space Battle and Invasion Combat segments of one turn
 * (BG-6, BG-7), kept in the `individual-turns` phase as `combat`.
 *
 * A fight is a small machine of explicit steps, stored in the state, so
 * that a later rule can wait between two steps without rewriting either:
 * action-card windows (BG-9: "before a round", Skilled Retreat),
 * leaders fighting and laws (Conventions of Nxill: one round, then the
 * attacker withdraws) in as extra steps or as checks at a step boundary.
 */
export interface CombatState {
  /**
   * Systems still to fight this segment, in the order they resolve: sorted
   * by hex key (a fixed, documented order; the active player does not
   * choose it). The system in progress is not in the list.
   */
  queue: HexKey[];
  /** The system fight in progress (PDS fire and space battle), if any. */
  battle?: SpaceBattle;
  /** The invasion in progress, if any (Invasion Combat segment). */
  invasion?: Invasion;
  /** Planets the active player has landed on this turn: one landing per planet per turn. */
  landed: string[];
  /** Dreadnoughts per system that have bombarded this turn (BG-7: once each). */
  bombarded: Partial<Record<HexKey, number>>;
  /**
   * OR-6.2 Diplomat: a landing on a planet where an enemy Diplomat stands,
   * waiting for that Diplomat's owner to delay it or let it go on
   * (leaders/diplomat.ts). Nothing else happens meanwhile.
   */
  delay?: { landing: ActionOf<'land'>; seat: Seat; leader: string };
  /** BG-9 Strategic Mathematics: Cruisers per won battle's system that may still move on. */
  pursuit?: Partial<Record<HexKey, number>>;
}

/** Hits an owner has to take and has not yet assigned. */
export interface OwedHits {
  owner: Owner;
  hits: number;
}

/**
 * Steps of a fight in one system (BG-3, BG-6):
 * - `pds-fire`: the PDS of both sides fire once, no return fire (window: BG-9
 *   "before PDS fire" cards are played before this step runs);
 * - `before-round`: the moment before a round, where its card window opens (BG-9 "before a
 *   round" cards: Morale Boost; Skilled Retreat for the defender); the step is `round` as it opens;
 * - `round`: both sides roll one die per ship;
 * - `hits`: the round's hits are scored on both sides at once (window: rerolls of a General,
 *   cards that cancel hits, between the roll and this step);
 * - `casualties`: each owner that was hit chooses its losses (several at once);
 * - `retreat`: after a round, the attacker may withdraw or fight on (fighting on comes to the
 *   moment before the next round).
 */
export type BattleStep = 'pds-fire' | 'before-round' | 'round' | 'hits' | 'casualties' | 'retreat';

export interface SpaceBattle {
  hex: HexKey;
  attacker: Seat;
  /**
   * The other side's ships; null when only PDS fire here (the active player's
   * ships ended a move beside another owner's PDS and nobody else's ships).
   */
  defender: Owner | null;
  /** 0 while PDS fire is resolved, then 1, 2, ... */
  round: number;
  step: BattleStep;
  /** Hits still to be assigned, one entry per owner that owes some. */
  owed: OwedHits[];
  /** BG-9 Assault Cannon fired before round 1 (the losses' reason says so). */
  assaultCannon?: true;
  /** BG-1 Mentak Ambush fired before round 1 (the losses' reason says so). */
  ambush?: true;
}

/**
 * Steps of an invasion of one planet (BG-7, OR-6.1):
 * - `landed`: forces have landed and the invasion is about to be fought: its card window opens
 *   (BG-9 Chemical Warfare, Civil Defense) as the step moves on to `bombardment` (or `pds-fire`);
 * - `bombardment`: the invader's Dreadnoughts fire at the planet's Ground Forces;
 * - `pds-fire`: the planet's PDS fire once at the landing forces;
 * - `casualties`: the invader chooses which landed units the PDS hits kill (Shock Forces
 *   are not forced first here, OR-6.1);
 * - `before-round`: the moment before a ground round (BG-9 Morale Boost), unless one side is
 *   gone (the invasion is decided); the step is `round` as its window opens;
 * - `round`: a ground round, casualties automatic (Shock Forces first, then Ground Forces);
 * - `capture`: won with a surviving Shock Force, the invader decides whether to take
 *   the enemy Spacedock and PDS as its own (OR-6.1).
 */
export type InvasionStep =
  'landed' | 'bombardment' | 'pds-fire' | 'casualties' | 'before-round' | 'round' | 'capture';

export interface Invasion {
  hex: HexKey;
  planet: string;
  invader: Seat;
  /** The planet's controller when the invasion began (null: neutral). */
  defender: Owner | null;
  step: InvasionStep;
  /** 0 before the first ground round. */
  round: number;
  /** Dreadnoughts that bombard this planet. */
  bombard: number;
  /** What the invader landed (Ground Forces, Shock Forces, PDS). */
  landed: UnitCounts;
  /** PDS hits the invader still has to assign (step `casualties`). */
  owed: number;
  /** BG-9: the Dreadnought uses the X-89 Bacterial Weapon instead of bombarding. */
  bacterial?: true;
  /**
   * OR-6.1: the invader's Ground Forces promoted in the last round; they fight as Shock Forces
   * only from the next round, so they do not capture if the invasion is won in this one.
   */
  promoted?: number;
}
