import type { HexKey } from '@outer-rim/map';
import { type Action, type ActionOf, type GameView, type Owner } from '@outer-rim/rules';
import { useState } from 'preact/hooks';
import { systemName } from '@outer-rim/rules';
import { ownerWords } from './fight';

/**
 * BG-7, the Invasion Combat segment: every system where forces can land now, lit on the board
 * too, and per planet how many land and how many Dreadnoughts bombard first. A planet's form is
 * drawn afresh whenever its limits change (after a landing beside it, say), so it never offers
 * more than the latest view allows.
 */
export function Landing({
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
        Your forces can land in {systems.map((hex) => systemName(hex, view.galaxy)).join(', ')} (lit
        on the board).
      </p>
      {systems.map((hex) => {
        const here = options.filter((o) => o.hex === hex);
        const planets = [...new Set(here.map((o) => o.planet))];
        return (
          <div key={hex} class="landing-system" data-hex={hex}>
            <h5>{systemName(hex, view.galaxy)}</h5>
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
