import type { HexKey } from '@outer-rim/map';
import {
  leaderShipsAt,
  type Action,
  type ActionOf,
  type GameView,
  type LeaderShipLine,
  type Losses,
  type Owner,
} from '@outer-rim/rules';
import { useState } from 'preact/hooks';
import { UNIT_NAMES } from '../../board/board-model';
import { unitEntries, unitRowWidth } from '../../board/hex-layout';
import { UnitRow } from '../../board/unit-symbols';
import { MINOR_OUTLINE, ownerColour } from '../../ui/colours';
import type { LogEntry } from '../live-game';
import { unitWord } from '../action-words';
import { systemName } from '../movement/fleet';
import {
  dieWords,
  latestFight,
  lossTotal,
  ownerWords,
  sameLosses,
  sidesAt,
  type FightRecord,
} from './fight';

/** Action types the battle panel offers itself, so the generic list need not repeat them. */
export const BATTLE_ACTIONS: ReadonlySet<Action['type']> = new Set([
  'choose-casualties',
  'withdraw',
  'fight-on',
  'capture-installations',
  'land',
]);

interface Props {
  readonly view: GameView;
  readonly seat: number | undefined;
  readonly actions: readonly Action[];
  readonly log: readonly LogEntry[];
  readonly busy: boolean;
  readonly onAct: (action: Action) => Promise<void>;
}

/**
 * BG-6 / BG-7 / OR-6.1 in the browser: the fight of this turn as everyone
 * sees it (both sides' units, every die with the value it needed, the hits),
 * and for the seat that owes a choice: casualties validated live against the
 * engine's legal list, withdraw or fight on, landings, the Shock Forces'
 * capture. Spectators render the same record from the same events.
 */
export function BattlePanel({ view, seat, actions, log, busy, onAct }: Props) {
  const fight = latestFight(log, view);
  const names = view.players.map((p) => p.name);
  const lands = actions.filter((a): a is ActionOf<'land'> => a.type === 'land');
  if (fight === undefined && lands.length === 0) return null;
  return (
    <section class="panel battle-panel" aria-label="Battle" data-testid="battle-panel">
      {fight === undefined ? null : <FightView view={view} fight={fight} names={names} />}
      {seat === undefined ? null : (
        <Choices view={view} seat={seat} actions={actions} busy={busy} onAct={onAct} />
      )}
    </section>
  );
}

function FightView({
  view,
  fight,
  names,
}: {
  view: GameView;
  fight: FightRecord;
  names: readonly string[];
}) {
  const sides = sidesAt(view, fight);
  const hits = fight.events.filter((e) => e.type === 'hits-scored');
  const losses = fight.events.filter((e) => e.type === 'units-destroyed');
  const end = fight.events.find((e) => e.type === 'battle-ended' || e.type === 'invasion-ended');
  return (
    <div class="fight" data-hex={fight.hex} data-over={String(fight.over)}>
      <h4>
        {fight.title} <small>in {systemName(view.galaxy, fight.hex)}</small>
      </h4>
      <div class="sides">
        {sides.length === 0 ? <p class="hint">No units left here.</p> : null}
        {sides.map((side) => (
          <div key={String(side.owner)} class="side" data-owner={String(side.owner)}>
            <span
              class="who"
              style={{
                color: typeof side.owner === 'string' ? MINOR_OUTLINE : ownerColour(side.owner),
              }}
            >
              {ownerWords(side.owner, names)}
            </span>
            <svg
              class="side-units"
              viewBox={`0 -12 ${Math.max(40, unitRowWidth(side.units))} 24`}
              height={24}
              width={Math.max(40, unitRowWidth(side.units))}
              aria-label={unitEntries(side.units)
                .map(([k, n]) => `${n} ${UNIT_NAMES[k]}`)
                .join(', ')}
            >
              <UnitRow
                owner={side.owner}
                units={side.units}
                x={0}
                y={0}
                width={Infinity}
                align="start"
                label={ownerWords(side.owner, names)}
              />
            </svg>
          </div>
        ))}
      </div>
      <ol class="dice-lines" aria-label="Dice">
        {fight.dice.map((line) => (
          <li key={line.key}>
            <span class="purpose">
              {line.seat === undefined ? '' : `${names[line.seat] ?? ''}: `}
              {line.purpose}
            </span>
            <span class="dice">
              {line.dice.map((die, i) => (
                <b
                  key={i}
                  class={`die${die.hit === true ? ' hit' : die.hit === false ? ' miss' : ''}`}
                  title={dieWords(die)}
                  aria-label={dieWords(die)}
                >
                  {die.value}
                </b>
              ))}
            </span>
          </li>
        ))}
      </ol>
      {hits.length === 0 && losses.length === 0 ? null : (
        <ul class="fight-results">
          {fight.events.map((e, i) =>
            e.type === 'hits-scored' ? (
              <li key={i}>
                {ownerWords(e.by, names)} scores {e.hits} {e.hits === 1 ? 'hit' : 'hits'} on{' '}
                {ownerWords(e.against, names)}
              </li>
            ) : e.type === 'units-destroyed' ? (
              <li key={i}>
                {ownerWords(e.owner, names)} loses{' '}
                {unitEntries(e.units)
                  .map(([k, n]) => `${n} ${UNIT_NAMES[k]}`)
                  .join(', ')}
              </li>
            ) : e.type === 'shock-force-promoted' ? (
              <li key={i}>
                {ownerWords(e.owner, names)}: {e.count} Ground{' '}
                {e.count === 1 ? 'Force becomes a Shock Force' : 'Forces become Shock Forces'}
              </li>
            ) : null,
          )}
        </ul>
      )}
      {end === undefined ? null : (
        <p class="fight-end" data-testid="fight-end">
          {end.winner === null
            ? 'Nobody wins'
            : `${ownerWords(end.winner, names)} ${end.type === 'invasion-ended' ? 'holds the planet' : 'wins'}`}{' '}
          ({end.reason}).
        </p>
      )}
    </div>
  );
}

function Choices({
  view,
  seat,
  actions,
  busy,
  onAct,
}: {
  view: GameView;
  seat: number;
  actions: readonly Action[];
  busy: boolean;
  onAct: (action: Action) => Promise<void>;
}) {
  const casualties = actions.filter(
    (a): a is ActionOf<'choose-casualties'> => a.type === 'choose-casualties',
  );
  const fightOn = actions.find((a) => a.type === 'fight-on');
  const withdraws = actions.filter((a): a is ActionOf<'withdraw'> => a.type === 'withdraw');
  const captures = actions.filter(
    (a): a is ActionOf<'capture-installations'> => a.type === 'capture-installations',
  );
  const lands = actions.filter((a): a is ActionOf<'land'> => a.type === 'land');
  const send = (a: Action) => () => {
    void onAct(a);
  };
  // OR-6.2: the seat's leaders' ships in the space battle, each its own line.
  const battleHex =
    view.phase.name === 'individual-turns' ? view.phase.combat?.battle?.hex : undefined;
  const aboard = battleHex === undefined ? [] : leaderShipsAt(view, seat, battleHex);
  const ownShips =
    battleHex === undefined
      ? {}
      : (view.units[battleHex]?.space.find((g) => g.owner === seat)?.units ?? {});
  return (
    <div class="fight-choices">
      {casualties.length === 0 ? null : (
        <CasualtyPicker
          key={JSON.stringify(casualties)}
          options={casualties}
          busy={busy}
          onAct={onAct}
          leaderShips={aboard}
          ships={ownShips}
        />
      )}
      {fightOn === undefined && withdraws.length === 0 ? null : (
        <div class="action-buttons" data-testid="retreat-choice">
          {fightOn === undefined ? null : (
            <button
              type="button"
              class="action"
              data-action="fight-on"
              disabled={busy}
              onClick={send(fightOn)}
            >
              Fight on
            </button>
          )}
          {aboard.length === 0 || withdraws.length === 0 ? null : (
            <p class="hint" data-testid="retreat-leader-ships">
              The whole fleet withdraws, {aboard.map((l) => l.label).join(' and ')} with it.
            </p>
          )}
          {withdraws.map((w) => (
            <button
              key={w.to}
              type="button"
              class="action"
              data-action="withdraw"
              data-to={w.to}
              disabled={busy}
              onClick={send(w)}
            >
              Withdraw to {systemName(view.galaxy, w.to)}
            </button>
          ))}
        </div>
      )}
      {captures.length === 0 ? null : (
        <div class="action-buttons" data-testid="capture-choice">
          {captures.map((c) => (
            <button
              key={String(c.capture)}
              type="button"
              class="action"
              data-action="capture-installations"
              data-capture={String(c.capture)}
              disabled={busy}
              onClick={send(c)}
            >
              {c.capture
                ? 'Take the Spacedock and PDS as your own'
                : 'Leave them: they are destroyed'}
            </button>
          ))}
        </div>
      )}
      {lands.length === 0 ? null : (
        <Landing view={view} options={lands} busy={busy} onAct={onAct} />
      )}
    </div>
  );
}

const LOSS_ORDER: (keyof Losses)[] = [
  'fighter',
  'cruiser',
  'carrier',
  'dreadnought',
  'ground-force',
  'shock-force',
  'pds',
];

/** Units that take hits in a space battle; the rest of a loss is cargo that goes down with them. */
const SHIP_LOSSES: ReadonlySet<keyof Losses> = new Set([
  'fighter',
  'cruiser',
  'carrier',
  'dreadnought',
]);

function shipsOf(l: Losses, ships: boolean): Losses {
  const out: Losses = {};
  for (const k of LOSS_ORDER) {
    const n = l[k] ?? 0;
    if (n > 0 && (!ships || SHIP_LOSSES.has(k))) out[k] = n;
  }
  return out;
}

/**
 * Casualties (BG-6): in a space battle the hits are asked as ships; Ground Forces, Shock Forces
 * and PDS a lost Carrier can no longer hold are not choices but said to go down with it. The
 * choice is checked live against the engine's legal choices.
 */
export function CasualtyPicker({
  options,
  busy,
  onAct,
  leaderShips = [],
  ships = {},
}: {
  options: readonly ActionOf<'choose-casualties'>[];
  busy: boolean;
  onAct: (action: Action) => Promise<void>;
  /** OR-6.2: the leaders' ships here, each its own line; the counts above are of the others. */
  leaderShips?: readonly LeaderShipLine[];
  ships?: Partial<Record<keyof Losses, number>>;
}) {
  const onShips = options.some((o) =>
    LOSS_ORDER.some((k) => SHIP_LOSSES.has(k) && (o.losses[k] ?? 0) > 0),
  );
  const first = shipsOf(options[0]?.losses ?? {}, onShips);
  const [picked, setPicked] = useState<Losses>(first);
  // Where the first choice loses every ship of a kind, its leaders' ship is among them.
  const [named, setNamed] = useState<readonly (keyof Losses)[]>(() =>
    leaderShips.filter((l) => (first[l.kind] ?? 0) >= (ships[l.kind] ?? 0)).map((l) => l.kind),
  );
  const kinds = LOSS_ORDER.filter(
    (k) => (!onShips || SHIP_LOSSES.has(k)) && options.some((o) => (o.losses[k] ?? 0) > 0),
  );
  const max = (k: keyof Losses) => Math.max(...options.map((o) => o.losses[k] ?? 0));
  // Of the legal choices with these ships, the one that loses the least cargo.
  const legal = options
    .filter((o) => sameLosses(shipsOf(o.losses, onShips), picked))
    .reduce<ActionOf<'choose-casualties'> | undefined>(
      (best, o) => (best === undefined || lossTotal(o.losses) < lossTotal(best.losses) ? o : best),
      undefined,
    );
  const totals = [...new Set(options.map((o) => lossTotal(shipsOf(o.losses, onShips))))].sort(
    (a, b) => a - b,
  );
  const owed = totals.join(' or ');
  const cargo: Losses = legal === undefined ? {} : legal.losses;
  const lostCargo = LOSS_ORDER.filter((k) => onShips && !SHIP_LOSSES.has(k) && (cargo[k] ?? 0) > 0);
  return (
    <div class="casualties" data-testid="casualty-picker">
      <p class="prompt mine">
        {onShips
          ? `Take ${owed} ${totals.every((t) => t === 1) ? 'hit' : 'hits'} on your ships: choose which ships are lost.`
          : `Choose your casualties: ${owed} ${totals.every((t) => t === 1) ? 'unit' : 'units'}.`}
      </p>
      {kinds.map((k) => {
        const line = leaderShips.find((l) => l.kind === k);
        const own = line !== undefined && named.includes(k) ? 1 : 0;
        const cap = line === undefined ? max(k) : Math.min(max(k), (ships[k] ?? 0) - 1);
        return (
          <div key={k} class="loss-kind">
            {line !== undefined && cap <= 0 ? null : (
              <label class="count-pick">
                <span>
                  {UNIT_NAMES[k]}
                  {line === undefined ? '' : ' (others)'}
                </span>
                <input
                  type="number"
                  min={0}
                  max={cap}
                  value={(picked[k] ?? 0) - own}
                  data-loss={k}
                  onInput={(event) => {
                    const n = Math.max(
                      0,
                      Math.min(cap, Math.round(Number(event.currentTarget.value) || 0)),
                    );
                    setPicked({ ...picked, [k]: n + own });
                  }}
                />
                <small>up to {cap}</small>
              </label>
            )}
            {line === undefined ? null : (
              <label class="leader-ship">
                <input
                  type="checkbox"
                  checked={own === 1}
                  data-leader-loss={k}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    setNamed(on ? [...named, k] : named.filter((x) => x !== k));
                    // Picked, it takes the place of one of the others when one was picked.
                    const others = (picked[k] ?? 0) - own;
                    const total = on ? (others > 0 ? others : 1) : others;
                    setPicked({ ...picked, [k]: total });
                  }}
                />
                <span>{line.label}</span>
              </label>
            )}
          </div>
        );
      })}
      {lostCargo.length === 0 ? null : (
        <p class="hint" data-testid="casualty-cargo">
          Lost with them:{' '}
          {lostCargo.map((k) => `${cargo[k] ?? 0} ${unitWord(k, cargo[k] ?? 0)}`).join(', ')} (cargo
          the Carriers left can no longer hold).
        </p>
      )}
      <p class={legal === undefined ? 'error' : 'hint'} data-testid="casualty-check">
        {legal === undefined
          ? `Not allowed: ${lossTotal(picked)} chosen; the rules ask ${owed}.`
          : 'Allowed.'}
      </p>
      <button
        type="button"
        class="action"
        data-action="choose-casualties"
        disabled={busy || legal === undefined}
        onClick={() => {
          if (legal === undefined) return;
          // OR-6.2: the leaders' ships picked among the losses are named.
          const lost = named.filter(
            (k): k is 'dreadnought' | 'carrier' | 'cruiser' | 'fighter' =>
              (picked[k] ?? 0) > 0 && leaderShips.some((l) => l.kind === k),
          );
          void onAct(lost.length === 0 ? legal : { ...legal, leaderShips: lost });
        }}
      >
        Remove these units
      </button>
    </div>
  );
}

/**
 * BG-7, the Invasion Combat segment: every system where forces can land now, lit on the board
 * too, and per planet how many land and how many Dreadnoughts bombard first. A planet's form is
 * drawn afresh whenever its limits change (after a landing beside it, say), so it never offers
 * more than the latest view allows.
 */
function Landing({
  view,
  options,
  busy,
  onAct,
}: {
  view: GameView;
  options: readonly ActionOf<'land'>[];
  busy: boolean;
  onAct: (action: Action) => Promise<void>;
}) {
  const systems = [...new Set(options.map((o) => o.hex))];
  return (
    <div class="landing" data-testid="landing">
      <h4>Invasion: land your forces</h4>
      <p class="hint">
        Your forces can land in {systems.map((hex) => systemName(view.galaxy, hex)).join(', ')} (lit
        on the board).
      </p>
      {systems.map((hex) => {
        const here = options.filter((o) => o.hex === hex);
        const planets = [...new Set(here.map((o) => o.planet))];
        return (
          <div key={hex} class="landing-system" data-hex={hex}>
            <h5>{systemName(view.galaxy, hex)}</h5>
            {planets.map((planet) => {
              const mine = here.filter((x) => x.planet === planet);
              return (
                <LandingForm
                  key={`${hex}|${planet}|${JSON.stringify(mine)}`}
                  view={view}
                  hex={hex}
                  planet={planet}
                  options={mine}
                  busy={busy}
                  onAct={onAct}
                />
              );
            })}
          </div>
        );
      })}
    </div>
  );
}

type LandField = 'groundForces' | 'shockForces' | 'pds' | 'bombard' | 'fighters';
const LAND_FIELDS: [LandField, string][] = [
  ['groundForces', 'Ground Forces'],
  ['shockForces', 'Shock Forces'],
  ['pds', 'PDS'],
  ['bombard', 'Dreadnoughts bombard'],
  // BG-9 Graviton Negator: Fighters join the Ground Forces (offered only with it).
  ['fighters', 'Fighters join (Graviton Negator)'],
];

function LandingForm(props: {
  view: GameView;
  hex: HexKey;
  planet: string;
  options: readonly ActionOf<'land'>[];
  busy: boolean;
  onAct: (action: Action) => Promise<void>;
}) {
  const { planet, options } = props;
  const max = (f: LandField) => Math.max(...options.map((o) => o[f] ?? 0));
  const first = options[0];
  const [picked, setPicked] = useState<Record<LandField, number>>({
    groundForces: first?.groundForces ?? 0,
    shockForces: first?.shockForces ?? 0,
    pds: first?.pds ?? 0,
    bombard: first?.bombard ?? 0,
    fighters: first?.fighters ?? 0,
  });
  // BG-9 X-89 Bacterial Weapon: one Dreadnought kills every Ground Force there instead of bombarding.
  const bacterialOffered = options.some((o) => o.bacterial === true);
  const [bacterial, setBacterial] = useState(false);
  const owner: Owner | null = props.view.planets[planet]?.owner ?? null;
  const something =
    bacterial ||
    Math.min(picked.groundForces, max('groundForces')) +
      Math.min(picked.shockForces, max('shockForces')) +
      Math.min(picked.pds, max('pds')) +
      Math.min(picked.bombard, max('bombard')) >
      0;
  // Never more than the latest view allows, whatever was typed or first offered.
  const shown = Object.fromEntries(
    LAND_FIELDS.map(([f]) => [f, Math.min(picked[f], max(f))]),
  ) as Record<LandField, number>;
  const { fighters, ...rest } = shown;
  const action: Action = {
    type: 'land',
    hex: props.hex,
    planet,
    ...rest,
    ...(fighters > 0 ? { fighters } : {}),
    ...(bacterial ? { bombard: 1, bacterial: true } : {}),
  };
  return (
    <div class="landing-planet" data-planet={planet}>
      <p>
        <b>{planet}</b>{' '}
        <small>
          (
          {owner === null
            ? 'neutral'
            : `held by ${ownerWords(
                owner,
                props.view.players.map((p) => p.name),
              )}`}
          )
        </small>
      </p>
      {LAND_FIELDS.filter(([f]) => max(f) > 0).map(([f, label]) => (
        <label key={f} class="count-pick">
          <span>{label}</span>
          <input
            type="number"
            min={0}
            max={max(f)}
            value={Math.min(picked[f], max(f))}
            data-land={f}
            onInput={(event) => {
              const n = Math.max(
                0,
                Math.min(max(f), Math.round(Number(event.currentTarget.value) || 0)),
              );
              setPicked({ ...picked, [f]: n });
            }}
          />
          <small>of {max(f)}</small>
        </label>
      ))}
      {bacterialOffered ? (
        <label class="count-pick">
          <input
            type="checkbox"
            checked={bacterial}
            data-land="bacterial"
            onChange={(event) => {
              setBacterial(event.currentTarget.checked);
            }}
          />
          <span>
            X-89 Bacterial Weapon: one Dreadnought kills every Ground Force there instead of
            bombarding; you then discard all your action cards
          </span>
        </label>
      ) : null}
      <button
        type="button"
        class="action"
        data-action="land"
        data-planet={planet}
        disabled={props.busy || !something}
        onClick={() => {
          void props.onAct(action);
        }}
      >
        {/* BG-6: landing on a planet one holds already is no invasion. */}
        {props.view.phase.name === 'individual-turns' && owner === props.view.phase.active
          ? 'Land on'
          : 'Invade'}{' '}
        {planet}
      </button>
    </div>
  );
}
