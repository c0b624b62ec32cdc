import type { HexKey } from '@outer-rim/map';
import type { GameEvent, GameView, Losses, Owner, UnitCounts } from '@outer-rim/rules';
import type { LogEntry } from '../live-game';

/** One die of a fight: its value, what it needed, and whether it hit. */
export interface Die {
  readonly value: number;
  /** The lowest value that hits; absent for rolls that are not hit rolls (a promotion roll). */
  readonly needed?: number;
  readonly hit?: boolean;
}

export interface DiceLine {
  readonly key: string;
  /** The seat it was rolled for; absent for a minor race (the purpose names it). */
  readonly seat?: number;
  readonly purpose: string;
  readonly dice: readonly Die[];
}

/** A fight as everyone at the table follows it: where, who, the dice and what they did. */
export interface FightRecord {
  readonly hex: HexKey;
  readonly planet?: string;
  readonly title: string;
  readonly attacker: number;
  readonly defender: Owner | null;
  readonly events: readonly GameEvent[];
  readonly dice: readonly DiceLine[];
  readonly over: boolean;
}

const NEEDED = /hit on (\d+)\+/;

/** The dice of one roll, each marked hit or miss against the value its purpose names ("hit on 7+"). */
export function diceOf(purpose: string, rolls: readonly number[]): Die[] {
  const m = NEEDED.exec(purpose);
  const needed = m === null ? undefined : Number(m[1]);
  return rolls.map((value) =>
    needed === undefined ? { value } : { value, needed, hit: value >= needed },
  );
}

/** A die in words, for the log and for screen readers: "8 (needed 7+): hit". */
export function dieWords(die: Die): string {
  if (die.needed === undefined) return String(die.value);
  return `${die.value} (needed ${die.needed}+): ${die.hit === true ? 'hit' : 'miss'}`;
}

/**
 * The latest fight of the current turn, from the events everyone receives:
 * it starts at a `battle-started` or `invasion-started` event and runs to the
 * end of the log, so spectators and the other seats see every step live.
 */
export function latestFight(log: readonly LogEntry[], view: GameView): FightRecord | undefined {
  const events = log.flatMap((entry) => entry.events);
  let start = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.type === 'turn-started') break;
    if (e?.type === 'battle-started' || e?.type === 'invasion-started') {
      start = i;
      break;
    }
  }
  const first = events[start];
  if (first === undefined) return undefined;
  const tail = events.slice(start);
  // The fight ends at its own end event; a later fight starts its own record.
  const endAt = tail.findIndex((e) => e.type === 'battle-ended' || e.type === 'invasion-ended');
  const fight = endAt < 0 ? tail : tail.slice(0, endAt + 1);
  const dice: DiceLine[] = [];
  fight.forEach((e, i) => {
    if (e.type !== 'dice-rolled') return;
    dice.push({
      key: `${start + i}`,
      ...(e.seat === undefined ? {} : { seat: e.seat }),
      purpose: e.purpose,
      dice: diceOf(e.purpose, e.rolls),
    });
  });
  const names = view.players.map((p) => p.name);
  if (first.type === 'battle-started') {
    return {
      hex: first.hex,
      title:
        first.defender === null
          ? `PDS fire at ${names[first.attacker] ?? ''}'s ships`
          : `Space battle: ${names[first.attacker] ?? ''} attacks ${ownerWords(first.defender, names)}`,
      attacker: first.attacker,
      defender: first.defender,
      events: fight,
      dice,
      over: endAt >= 0,
    };
  }
  if (first.type !== 'invasion-started') return undefined;
  return {
    hex: first.hex,
    planet: first.planet,
    title: `Invasion of ${first.planet}: ${names[first.invader] ?? ''}${first.defender === null ? '' : ` against ${ownerWords(first.defender, names)}`}`,
    attacker: first.invader,
    defender: first.defender,
    events: fight,
    dice,
    over: endAt >= 0,
  };
}

export function ownerWords(owner: Owner, names: readonly string[]): string {
  if (typeof owner === 'number') return names[owner] ?? `Seat ${owner + 1}`;
  const race = owner.slice('minor:'.length);
  return `the ${race.charAt(0).toUpperCase()}${race.slice(1).replace(/-/g, ' ')} (minor race)`;
}

/** Casualties as the player sets them, compared with the engine's own list of legal choices. */
export function sameLosses(a: Losses, b: Losses): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof Losses>;
  for (const k of keys) if ((a[k] ?? 0) !== (b[k] ?? 0)) return false;
  return true;
}

export function lossTotal(l: Losses): number {
  return Object.values(l).reduce<number>((s, n) => s + (n ?? 0), 0);
}

/** The units each side has in the fight's place: ships in space, or forces on the planet. */
export function sidesAt(view: GameView, fight: FightRecord): { owner: Owner; units: UnitCounts }[] {
  const sys = view.units[fight.hex];
  if (sys === undefined) return [];
  const groups = fight.planet === undefined ? sys.space : (sys.planets[fight.planet] ?? []);
  return groups.map((g) => ({ owner: g.owner, units: g.units }));
}
