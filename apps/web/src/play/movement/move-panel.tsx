import { neighbourAt, parseHexKey, hexKey, type HexKey } from '@outer-rim/map';
import {
  leaderShipsAt,
  movementOptions,
  passageOptions,
  riftRollWords,
  systemName,
  UNITS,
  whyNotThere,
  type Action,
  type ActionOf,
  type GameView,
  type LeaderShipLine,
  type LoadSource,
  type PassageOption,
  type SystemMoveOptions,
  type WhyNotThere,
} from '@outer-rim/rules';
import { useMemo, useState } from 'preact/hooks';
import { UNIT_NAMES } from '../../board/board-model';
import type { PanelProps } from '../panel-props';
import { fleetHere, moveThere, RIFT_ROLL_SIDES, type MoveThere } from './move-there-words';
import { routeSentence, routeWords } from './route-words';
import {
  defaultLoad,
  fleetCapacity,
  fleetDestinations,
  fleetMove,
  loadSources,
  loadTotal,
  sourceKey,
  type LeaderShipKind,
  type LoadPick,
  type ShipPick,
} from './fleet';

/** Action types the move UI offers itself (as fleet moves and rift choices). */
export const MOVE_ACTIONS: ReadonlySet<Action['type']> = new Set([
  'move',
  'rift-roll',
  'rift-exit',
  'rift-stay',
]);

/** What the move UI asks of the board: which hexes light up, the path to draw, what a click does. */
export interface MoveUi {
  readonly active: boolean;
  readonly highlighted?: ReadonlySet<HexKey>;
  /** The hexes a fleet would pass, from where it starts. */
  readonly route?: readonly HexKey[];
  /** The system the fleet starts from (or the rift a ship waits in). */
  readonly from?: HexKey;
  /** Hexes marked apart: the rift's neighbours the roll lets a ship through. */
  readonly marked?: ReadonlySet<HexKey>;
  /** "Why not?" for a hex that is not lit: the rule that keeps the fleet (or the ship) out. */
  readonly whyNot?: (key: HexKey) => WhyNotThere | undefined;
  /** For a lit hex a fleet (or the rift's ship) may go to: its way there and what waits there. */
  readonly moveThere?: (key: HexKey) => MoveThere | undefined;
  /** Handles a click on the board; false when the move UI has no use for that hex. */
  readonly onHex: (key: HexKey) => boolean;
  readonly panel: preact.JSX.Element | null;
}

type Props = PanelProps;

/**
 * BG-5 Movement in the browser: select a system, pick ships (counts per type,
 * Carriers with what they load), the legal destinations light up with the
 * path, confirm: one fleet `move` that `apply` validates whole. OR-4.2: ships
 * in a Gravity Rift roll first; after the roll the sides it allows light up.
 */
export function useMoveUi({ view, seat, actions, busy, onAct }: Props): MoveUi {
  const options = useMemo(
    () => (seat === undefined ? undefined : movementOptions(view, seat)),
    [view, seat],
  );
  // OR-6.2: where a fleet carrying a Diplomat may go by asking leave to pass others' ships.
  const passages = useMemo(
    () => (seat === undefined ? [] : passageOptions(view, seat)),
    [view, seat],
  );
  const [from, setFrom] = useState<HexKey | undefined>(undefined);
  const [ships, setShips] = useState<ShipPick>({});
  const [load, setLoad] = useState<LoadPick>({});
  const [to, setTo] = useState<HexKey | undefined>(undefined);
  // OR-6.2: the kinds whose leaders' ship is among the picked ships.
  const [named, setNamed] = useState<readonly LeaderShipKind[]>([]);

  const phase = view.phase;
  const pending = phase.name === 'individual-turns' ? phase.movement?.rift : undefined;
  const exits = actions.filter((a): a is ActionOf<'rift-exit'> => a.type === 'rift-exit');
  const stay = actions.find((a) => a.type === 'rift-stay');

  const reset = () => {
    setFrom(undefined);
    setShips({});
    setLoad({});
    setTo(undefined);
    setNamed([]);
  };
  const act = (action: Action) => {
    void onAct(action).then(reset);
  };

  if (pending !== undefined && seat !== undefined) {
    // OR-4.2: the roll is shown; the sides it allows light up; a click picks the way out.
    const sideHexes = new Set(
      pending.sides.map((side) => hexKey(neighbourAt(parseHexKey(pending.hex), side))),
    );
    const ends = new Map<HexKey, ActionOf<'rift-exit'>>();
    // OR-6.2: the ship leaving may be its kind's leaders' ship: its own line, as in the move form.
    const line = leaderShipsAt(view, seat, pending.hex).find((l) => l.kind === pending.unit);
    const nameable = line !== undefined && exits.some((e) => e.leaderShips !== undefined);
    const withLeader = nameable && named.includes(pending.unit);
    for (const exit of exits) {
      if (exit.leaderShips !== undefined) continue;
      const end = exit.path[exit.path.length - 1];
      if (end === undefined) continue;
      const known = ends.get(end);
      // A Carrier leaving with its full load is what a player means by clicking where it goes.
      if (known === undefined || (exit.load?.length ?? 0) > (known.load?.length ?? 0)) {
        ends.set(end, exit);
      }
    }
    const plain = to === undefined ? undefined : ends.get(to);
    const chosen = withLeader
      ? exits.find(
          (e) =>
            e.leaderShips?.includes(pending.unit) === true &&
            JSON.stringify({ ...e, leaderShips: undefined }) ===
              JSON.stringify({ ...plain, leaderShips: undefined }),
        )
      : plain;
    return {
      active: true,
      from: pending.hex,
      highlighted: new Set(ends.keys()),
      marked: sideHexes,
      whyNot: (key) => whyNotThere(view, seat, key),
      moveThere: (key) => {
        const exit = ends.get(key);
        return exit === undefined ? undefined : moveThere(view, seat, exit.path);
      },
      ...(chosen === undefined ? {} : { route: [pending.hex, ...chosen.path] }),
      onHex: (key) => {
        const exit = ends.get(key);
        if (exit === undefined) return false;
        setTo(key);
        return true;
      },
      panel: (
        <section class="panel move-panel rift" aria-label="Gravity rift">
          <h4>Gravity Rift</h4>
          <p data-testid="rift-roll">
            Your {UNITS[pending.unit].name} rolled <b class="die">{pending.roll}</b>:{' '}
            {pending.sides.length === 6
              ? 'it may leave through any side.'
              : `it ${riftRollWords(pending.roll, pending.sides)} (lit on the board), or stays.`}
          </p>
          {pending.left === undefined ? null : (
            <p data-testid="rift-left">
              It entered the rift in this move: the way out is free, then it goes on with{' '}
              {pending.left === 1 ? '1 movement' : `${pending.left} movement`} left.
            </p>
          )}
          {!nameable ? null : (
            <label class="leader-ship">
              <input
                type="checkbox"
                checked={withLeader}
                data-leader-ship={pending.unit}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setNamed(on ? [pending.unit] : []);
                }}
              />
              <span>{line.label}</span> <small>(the ship that rolled is this one)</small>
            </label>
          )}
          <p class="hint">
            {chosen === undefined
              ? 'Click a lit system to leave that way.'
              : routeSentence(
                  systemName(to ?? pending.hex, view.galaxy),
                  chosen.path.map((h) => systemName(h, view.galaxy)),
                )}
          </p>
          <div class="action-buttons">
            <button
              type="button"
              class="action"
              data-action="rift-exit"
              disabled={busy || chosen === undefined}
              onClick={() => {
                if (chosen !== undefined) act(chosen);
              }}
            >
              Leave the rift
            </button>
            {stay === undefined ? null : (
              <button
                type="button"
                class="action"
                data-action="rift-stay"
                disabled={busy}
                onClick={() => {
                  act(stay);
                }}
              >
                Stay in the rift
              </button>
            )}
          </div>
        </section>
      ),
    };
  }

  if (options === undefined || !options.canMove || options.systems.length === 0) {
    return { active: false, onHex: () => false, panel: null };
  }
  const system = options.systems.find((s) => s.hex === from);
  if (system === undefined) {
    return {
      active: true,
      highlighted: new Set(options.systems.map((s) => s.hex)),
      ...(seat === undefined ? {} : { whyNot: (key: HexKey) => whyNotThere(view, seat, key) }),
      moveThere: (key: HexKey) => {
        const here = options.systems.find((s) => s.hex === key);
        return here === undefined ? undefined : fleetHere(here);
      },
      onHex: (key) => {
        const chosen = options.systems.find((s) => s.hex === key);
        if (chosen === undefined) return false;
        setFrom(key);
        setShips({});
        setLoad({});
        setTo(undefined);
        setNamed([]);
        return true;
      },
      panel: (
        <section class="panel move-panel" aria-label="Move ships">
          <h4>Move ships</h4>
          <p class="hint">Click one of your lit systems to move ships from it.</p>
        </section>
      ),
    };
  }
  return fleetUi(
    view,
    system,
    { ships, load, to, named },
    { setShips, setLoad, setTo, setNamed, reset, act },
    busy,
    passages.filter((p) => p.move.from === system.hex),
    seat === undefined ? [] : leaderShipsAt(view, seat, system.hex),
    options.seat,
  );
}

/** The picked ships are exactly the passage move's (the whole group that takes the Diplomat along). */
function sameShips(a: ShipPick, b: ActionOf<'move'>['ships']): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof ShipPick>;
  return [...keys].every((k) => (a[k] ?? 0) === (b[k] ?? 0));
}

interface Choice {
  ships: ShipPick;
  load: LoadPick;
  to: HexKey | undefined;
  named: readonly LeaderShipKind[];
}

interface Setters {
  setShips: (s: ShipPick) => void;
  setLoad: (l: LoadPick) => void;
  setTo: (h: HexKey | undefined) => void;
  setNamed: (kinds: readonly LeaderShipKind[]) => void;
  reset: () => void;
  act: (a: Action) => void;
}

function fleetUi(
  view: GameView,
  system: SystemMoveOptions,
  choice: Choice,
  set: Setters,
  busy: boolean,
  passages: readonly PassageOption[],
  leaderShips: readonly LeaderShipLine[],
  seat: number,
): MoveUi {
  const destinations = fleetDestinations(system, choice.ships);
  const destination = destinations.find((d) => d.hex === choice.to);
  // OR-6.2: systems reached only past other players' ships, with the Diplomat aboard (marked apart).
  const asking = new Map<HexKey, PassageOption>();
  for (const p of passages) {
    const end = p.move.path[p.move.path.length - 1];
    if (end === undefined || !sameShips(choice.ships, p.move.ships)) continue;
    if (!destinations.some((d) => d.hex === end) && !asking.has(end)) asking.set(end, p);
  }
  const passage =
    destination === undefined && choice.to !== undefined ? asking.get(choice.to) : undefined;
  const names = view.players.map((p) => p.name);
  const asks = passage?.asks.map((seat) => names[seat] ?? `Seat ${seat + 1}`).join(' and ');
  const capacity = fleetCapacity(system, choice.ships);
  const sources = loadSources(system, destination).filter(() => capacity > 0);
  const aboard = loadTotal(choice.load);
  const over = aboard > capacity;
  const name = (hex: HexKey) => systemName(hex, view.galaxy);

  const pickShips = (next: ShipPick) => {
    set.setShips(next);
    set.setLoad(defaultLoad(system, next));
    const still =
      fleetDestinations(system, next).some((d) => d.hex === choice.to) ||
      passages.some(
        (p) => sameShips(next, p.move.ships) && p.move.path[p.move.path.length - 1] === choice.to,
      );
    if (!still) set.setTo(undefined);
  };

  if (system.rift) {
    const rolls = system.groups.map((g) => ({
      type: 'rift-roll' as const,
      hex: system.hex,
      unit: g.unit,
    }));
    return {
      active: true,
      from: system.hex,
      highlighted: new Set([system.hex]),
      onHex: () => false,
      panel: (
        <section class="panel move-panel rift" aria-label="Gravity rift">
          <h4>Leave the Gravity Rift at {name(system.hex)}</h4>
          <p class="hint">Each ship rolls on its own before it leaves ({RIFT_ROLL_SIDES}).</p>
          <div class="action-buttons">
            {rolls.map((roll) => (
              <button
                key={roll.unit}
                type="button"
                class="action"
                data-action="rift-roll"
                data-unit={roll.unit}
                disabled={busy}
                onClick={() => {
                  set.act(roll);
                }}
              >
                Roll for a {UNITS[roll.unit].name}
              </button>
            ))}
            <button type="button" class="link" onClick={set.reset}>
              Another system
            </button>
          </div>
        </section>
      ),
    };
  }

  const route =
    destination !== undefined
      ? [system.hex, ...destination.path]
      : passage !== undefined
        ? [system.hex, ...passage.move.path]
        : undefined;
  // The slowest picked ship sets how far the fleet goes (BG-5).
  const picked = system.groups.filter((g) => (choice.ships[g.unit] ?? 0) > 0);
  const slowest = picked.length === 0 ? undefined : Math.min(...picked.map((g) => g.move));
  return {
    active: true,
    from: system.hex,
    highlighted: new Set([...destinations.map((d) => d.hex), ...asking.keys()]),
    ...(slowest === undefined
      ? {}
      : {
          whyNot: (key: HexKey) =>
            whyNotThere(view, seat, key, { from: system.hex, move: slowest }),
        }),
    moveThere: (key: HexKey) => {
      const reached = destinations.find((d) => d.hex === key);
      if (reached !== undefined) return moveThere(view, seat, reached.path, reached.steps);
      const asked = asking.get(key);
      return asked === undefined ? undefined : moveThere(view, seat, asked.move.path);
    },
    ...(asking.size === 0 ? {} : { marked: new Set(asking.keys()) }),
    ...(route === undefined ? {} : { route }),
    onHex: (key) => {
      if (destinations.some((d) => d.hex === key) || asking.has(key)) {
        set.setTo(key);
        return true;
      }
      return false;
    },
    panel: (
      <section class="panel move-panel" aria-label="Move ships">
        <h4>Move from {name(system.hex)}</h4>
        <div class="ship-picks">
          {system.groups.map((g) => {
            // OR-6.2: the leaders' ship of this kind is its own line; the count is of the others.
            const line = leaderShips.find((l) => l.kind === g.unit);
            const withLeader = line !== undefined && choice.named.includes(g.unit);
            const own = withLeader ? 1 : 0;
            const others = line === undefined ? g.count : g.count - 1;
            return (
              <div key={g.unit} class="ship-kind">
                {others === 0 && line !== undefined ? null : (
                  <label class="count-pick">
                    <span>
                      {UNIT_NAMES[g.unit]}
                      {line === undefined ? '' : ' (others)'} <small>(move {g.move})</small>
                    </span>
                    <input
                      type="number"
                      min={0}
                      max={others}
                      value={(choice.ships[g.unit] ?? 0) - own}
                      data-unit={g.unit}
                      onInput={(event) => {
                        const n = clamp(Number(event.currentTarget.value), 0, others);
                        pickShips({ ...choice.ships, [g.unit]: n + own });
                      }}
                    />
                    <small>of {others}</small>
                  </label>
                )}
                {line === undefined ? null : (
                  <label class="leader-ship">
                    <input
                      type="checkbox"
                      checked={withLeader}
                      data-leader-ship={g.unit}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        const rest = (choice.ships[g.unit] ?? 0) - own;
                        set.setNamed(
                          on
                            ? [...choice.named.filter((k) => k !== g.unit), g.unit]
                            : choice.named.filter((k) => k !== g.unit),
                        );
                        pickShips({ ...choice.ships, [g.unit]: rest + (on ? 1 : 0) });
                      }}
                    />
                    <span>{line.label}</span> <small>(move {g.move})</small>
                  </label>
                )}
              </div>
            );
          })}
        </div>
        {sources.length === 0 ? null : (
          <div class="loads">
            <p class={over ? 'error' : 'hint'} data-testid="carrier-room">
              Aboard the Carriers: {aboard} of {capacity}
            </p>
            {sources.map((src) => {
              // OR-6.2: a leader aboard one of the Fighters here is aboard one distinguished
              // Fighter: its own line, as a leaders' ship of a moving kind is above.
              const fighterLine =
                src.unit === 'fighter' && src.planet === undefined && src.hex === system.hex
                  ? leaderShips.find((l) => l.kind === 'fighter')
                  : undefined;
              if (fighterLine !== undefined) {
                return (
                  <LeaderFighterPick
                    key={sourceKey(src)}
                    src={src}
                    line={fighterLine}
                    choice={choice}
                    set={set}
                  />
                );
              }
              return (
                <label key={sourceKey(src)} class="count-pick">
                  <span>
                    {UNIT_NAMES[src.unit]}{' '}
                    <small>
                      {src.planet === undefined
                        ? src.hex === system.hex
                          ? 'in space here'
                          : `in space at ${name(src.hex)}`
                        : `on ${src.planet}`}
                    </small>
                    {src.held === undefined ? null : (
                      <small class="held" data-held={sourceKey(src)}>
                        {' '}
                        {src.held}
                      </small>
                    )}
                  </span>
                  <input
                    type="number"
                    min={0}
                    max={src.count}
                    value={choice.load[sourceKey(src)] ?? 0}
                    data-load={sourceKey(src)}
                    onInput={(event) => {
                      const n = clamp(Number(event.currentTarget.value), 0, src.count);
                      set.setLoad({ ...choice.load, [sourceKey(src)]: n });
                    }}
                  />
                  <small>of {src.count}</small>
                </label>
              );
            })}
          </div>
        )}
        <p class="hint" data-testid="move-destination">
          {Object.values(choice.ships).every((n) => n === 0)
            ? 'Pick the ships that move.'
            : passage !== undefined
              ? `${routeWords(name(choice.to ?? system.hex), passage.move.path.map(name))}, past ${asks ?? ''}'s ships with your Diplomat: ${asks ?? ''} is asked first.`
              : destinations.length === 0 && asking.size === 0
                ? 'These ships cannot move anywhere together.'
                : destination === undefined
                  ? `Click a lit system: ${destinations.length + asking.size} within reach${asking.size === 0 ? '' : ` (${asking.size} past other players’ ships, if they agree)`}.`
                  : routeSentence(
                      name(destination.hex),
                      destination.path.map(name),
                      destination.steps,
                    )}
        </p>
        <div class="action-buttons">
          <button
            type="button"
            class="action"
            data-action="move"
            disabled={busy || (destination === undefined && passage === undefined) || over}
            onClick={() => {
              if (passage !== undefined) set.act(passage.move);
              else if (destination !== undefined) {
                set.act(fleetMove(system, choice.ships, destination, choice.load, choice.named));
              }
            }}
          >
            {passage === undefined ? 'Move' : `Ask ${asks ?? ''} to let the fleet pass`}
          </button>
          <button type="button" class="link" onClick={set.reset}>
            Another system
          </button>
        </div>
      </section>
    ),
  };
}

/**
 * OR-6.2: the Fighters in space where the fleet starts, with the leaders' Fighter as its own
 * line: the count is of the others, and a box says whether the leaders' Fighter goes too. All
 * of them going takes the leader along whatever the box says, so the box shows it then.
 */
function LeaderFighterPick({
  src,
  line,
  choice,
  set,
}: {
  src: LoadSource;
  line: LeaderShipLine;
  choice: Choice;
  set: Setters;
}) {
  const key = sourceKey(src);
  const loaded = choice.load[key] ?? 0;
  const withLeader = choice.named.includes('fighter') || (loaded > 0 && loaded === src.count);
  const own = withLeader ? 1 : 0;
  const others = src.count - 1;
  return (
    <div class="ship-kind">
      {others === 0 ? null : (
        <label class="count-pick">
          <span>
            {UNIT_NAMES.fighter} (others) <small>in space here</small>
          </span>
          <input
            type="number"
            min={0}
            max={others}
            value={loaded - own}
            data-load={key}
            onInput={(event) => {
              const n = clamp(Number(event.currentTarget.value), 0, others);
              // The leaders' Fighter shown aboard (all of them were) stays aboard.
              if (withLeader && !choice.named.includes('fighter'))
                set.setNamed([...choice.named, 'fighter']);
              set.setLoad({ ...choice.load, [key]: n + own });
            }}
          />
          <small>of {others}</small>
        </label>
      )}
      <label class="leader-ship">
        <input
          type="checkbox"
          checked={withLeader}
          data-leader-ship="fighter"
          onChange={(event) => {
            const on = event.currentTarget.checked;
            const rest = loaded - own;
            const named = choice.named.filter((k) => k !== 'fighter');
            set.setNamed(on ? [...named, 'fighter'] : named);
            set.setLoad({ ...choice.load, [key]: rest + (on ? 1 : 0) });
          }}
        />
        <span>{line.label}</span> <small>(carried)</small>
      </label>
    </div>
  );
}

function clamp(n: number, lo: number, hi: number): number {
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, Math.round(n))) : lo;
}
