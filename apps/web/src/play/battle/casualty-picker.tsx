import { type Action, type ActionOf, type LeaderShipLine, type Losses } from '@outer-rim/rules';
import { useState } from 'preact/hooks';
import { UNIT_NAMES } from '../../board/board-model';
import { unitWord } from '../action-words';
import { lossTotal, sameLosses } from './fight';

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
