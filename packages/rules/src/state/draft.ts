import type { HexKey } from '@outer-rim/map';
import { takeForcedDie } from '../prng/forced-dice.js';
import { Dice } from '../prng/prng.js';
import type { GameEvent } from '../events.js';
import type { RoundPhase } from '../content/timing.js';
import type { WindowTrigger } from '../cards/moments.js';
import { forgetUnitIndexes } from './board.js';
import { withCount } from './counts.js';
import type {
  GameState,
  Owner,
  PlayerState,
  Seat,
  SystemUnits,
  UnitCounts,
  UnitKind,
} from './types.js';

/**
 * What rule modules reach of the step machine (src/resume.ts): where a window opens, and the two
 * continuations the state cannot hold. Handed in by `apply`, so a rule module that closes a window
 * never imports the modules that own the moments (the arrows point one way: no run-time import
 * cycle).
 */
export interface Steps {
  /**
   * BG-9: a step has reached the card moment `trigger`; its window opens if some seat could play
   * a card there (above any window open: a moment reached while a card resolves). True: the window
   * is on top now, and the step loop goes on from the state once it has closed.
   */
  reach(d: Draft, trigger: WindowTrigger): boolean;
  /** The round machine enters the round phase `phase` (the window at its start is over). */
  enterRoundPhase(d: Draft, phase: RoundPhase): void;
  /** The Space Battle segment's fights are queued (its window is over); the step loop fights them. */
  startSpaceBattles(d: Draft): void;
  /** BG-9 Veto resolves: the political card `card` is discarded and another revealed. */
  vetoAgenda(d: Draft, card: string): void;
}

function noStepMachine(): never {
  throw new Error('this Draft has no step machine: make it with the steps of src/resume.ts');
}

/** A Draft made outside `apply` (a test opening a window by hand) cannot resume a step. */
const NO_STEPS: Steps = {
  reach: noStepMachine,
  enterRoundPhase: noStepMachine,
  startSpaceBattles: noStepMachine,
  vetoAgenda: noStepMachine,
};

/**
 * Copy-on-write working copy of a GameState for one `apply`. The input
 * state is never written: the top level is copied once, a player or a
 * system is copied the first time it is touched, and everything untouched
 * (the galaxy above all) is shared with the input. Rule code must replace
 * arrays rather than push into them.
 */
export class Draft {
  readonly s: GameState;
  readonly events: GameEvent[] = [];
  private dice: Dice | null = null;
  private playersCopied = false;
  /** Bit i set: seat i's player object is already this draft's own copy. */
  private playerCopied = 0;
  /**
   * `s.units` is this draft's own copy, which nothing outside the draft holds: a write goes into
   * it in place (a system's entry is still replaced, never edited). `keepUnits` ends that.
   */
  private unitsOwn = false;
  /**
   * What this draft changed of the ground since it began: the hexes whose units it replaced, the
   * planets whose record it replaced, and the last units and planets records it made (null:
   * nothing yet). Other code replaces neither record in an `apply`; `sameSpot` checks it did not.
   */
  private hexesWritten: HexKey[] | null = null;
  private planetsWritten: string[] | null = null;
  private unitsMade: GameState['units'] | null = null;
  private planetsMade: GameState['planets'] | null = null;

  constructor(
    readonly from: GameState,
    readonly steps: Steps = NO_STEPS,
  ) {
    this.s = { ...from };
  }

  /**
   * BG-9: the step has reached the card moment `trigger` (cards/moments.ts), its state already
   * moved on past it; the step machine opens its window (`Steps.reach`). True: the window waits.
   */
  reach(trigger: WindowTrigger): boolean {
    return this.steps.reach(this, trigger);
  }

  emit(event: GameEvent): void {
    this.events.push(event);
  }

  /** The PRNG, resumed from the state on first use. */
  rng(): Dice {
    this.dice ??= new Dice(this.s.prng);
    return this.dice;
  }

  /** Rolls dice and reports every result (ARCHITECTURE: every die appears in an event). */
  roll(purpose: string, sides: number, count: number, seat?: Seat): number[] {
    const rng = this.rng();
    const rolls: number[] = [];
    for (let i = 0; i < count; i++) rolls.push(takeForcedDie(sides) ?? rng.int(1, sides));
    this.emit(
      seat === undefined
        ? { type: 'dice-rolled', purpose, sides, rolls }
        : { type: 'dice-rolled', purpose, seat, sides, rolls },
    );
    return rolls;
  }

  player(seat: Seat): PlayerState {
    if (!this.playersCopied) {
      this.s.players = this.s.players.slice();
      this.playersCopied = true;
    }
    const current = this.s.players[seat];
    if (current === undefined) throw new Error(`no seat ${seat}`);
    if ((this.playerCopied & (1 << seat)) !== 0) return current;
    const copy = { ...current };
    this.s.players[seat] = copy;
    this.playerCopied |= 1 << seat;
    return copy;
  }

  /**
   * Every write replaces `planets` with a new object (never edits one in place), so caches keyed
   * on its identity (board.ts) stay true. `units` is replaced the first time after the draft
   * began or after `keepUnits`, then written in place, dropping what board.ts kept of it.
   */
  setPlanetOwner(planet: string, owner: Owner | null): void {
    const current = this.s.planets[planet];
    if (current === undefined) throw new Error(`no planet ${planet}`);
    this.s.planets = { ...this.s.planets, [planet]: { ...current, owner } };
    this.planetsMade = this.s.planets;
    const written = (this.planetsWritten ??= []);
    if (written[written.length - 1] !== planet) written.push(planet);
  }

  /**
   * Whether the units at `hex` and, with `planet`, that planet's record are still the very objects
   * of the state the draft began from (`from`), as comparing the two states would say; null when
   * the draft cannot tell (a units or planets record came from elsewhere).
   */
  sameSpot(hex: HexKey, planet: string | undefined): boolean | null {
    const units = this.s.units;
    const planets = this.s.planets;
    if (units !== this.from.units && units !== this.unitsMade) return null;
    if (planets !== this.from.planets && planets !== this.planetsMade) return null;
    if (this.hexesWritten?.includes(hex) === true) return false;
    return planet === undefined || this.planetsWritten?.includes(planet) !== true;
  }

  /** Adds (or with a negative count removes) units of one owner in space or on a planet. */
  addUnits(hex: HexKey, planet: string | null, owner: Owner, unit: UnitKind, count: number): void {
    const current: SystemUnits = this.s.units[hex] ?? { space: [], planets: {} };
    const groups = planet === null ? current.space : (current.planets[planet] ?? []);
    let i = -1;
    for (let k = 0; k < groups.length && i === -1; k++) if (groups[k]?.owner === owner) i = k;
    const before: UnitCounts = i === -1 ? {} : (groups[i]?.units ?? {});
    const n = (before[unit] ?? 0) + count;
    if (n < 0) throw new Error(`negative ${unit} count at ${hex}`);
    const units = withCount(before, unit, n);
    let empty = true;
    for (const _ in units) {
      empty = false;
      break;
    }
    const next = groups.slice();
    if (i === -1) {
      if (!empty) next.push({ owner, units });
    } else if (empty) {
      next.splice(i, 1);
    } else {
      next[i] = { owner, units };
    }
    const sys: SystemUnits =
      planet === null
        ? { space: next, planets: current.planets }
        : { space: current.space, planets: { ...current.planets, [planet]: next } };
    if (this.unitsOwn) {
      forgetUnitIndexes(this.s.units);
    } else {
      this.s.units = { ...this.s.units };
      this.unitsOwn = true;
      this.unitsMade = this.s.units;
    }
    this.s.units[hex] = sys;
    const written = (this.hexesWritten ??= []);
    if (written[written.length - 1] !== hex) written.push(hex);
  }

  /**
   * The caller keeps `s.units` as it stands, to compare by identity: the next write copies the
   * record again rather than writing into the one kept.
   */
  keepUnits(): void {
    this.unitsOwn = false;
  }

  /** Ends the draft: stores the PRNG position back into the new state. */
  finish(): GameState {
    if (this.dice !== null) this.s.prng = this.dice.state();
    return this.s;
  }
}
