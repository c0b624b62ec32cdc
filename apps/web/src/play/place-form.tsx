import type { ActionOf, PurchasableUnit } from '@outer-rim/rules';
import { useState } from 'preact/hooks';
import type { GroupProps } from './action-groups';
import { unitWord } from './action-words';

/**
 * Place New Units (BG-2 phase 11): for each unit waiting and each dock that may take it, how
 * many to place there, sent as one action ("3 Cruisers at Jord"). The most offered is what waits
 * and what the dock may still place this round, both read from the latest view.
 */
export function PlaceForm({ group, context, busy, onAct }: GroupProps) {
  const options = group.actions.filter((a): a is ActionOf<'place-unit'> => a.type === 'place-unit');
  const [counts, setCounts] = useState<Readonly<Record<string, number>>>({});
  return (
    <div class="action-group place-form" data-testid="place-form">
      <h4>{group.title}</h4>
      {options.map((o) => {
        const key = `${o.unit}@${o.planet}`;
        const waiting = context.purchases?.[o.unit] ?? 0;
        const room = context.dockRoom?.[o.planet] ?? 1;
        const max = Math.max(1, Math.min(waiting, room));
        const count = Math.min(max, Math.max(1, counts[key] ?? max));
        return (
          <div key={key} class="place-row" data-unit={o.unit} data-planet={o.planet}>
            <input
              type="number"
              aria-label={`How many ${unitWord(o.unit, 2)} at ${o.planet}`}
              min={1}
              max={max}
              step={1}
              value={String(count)}
              onInput={(event) => {
                const n = Math.trunc(Number(event.currentTarget.value));
                setCounts((c) => ({ ...c, [key]: Number.isFinite(n) ? n : 1 }));
              }}
            />{' '}
            <button
              type="button"
              class="action"
              data-action="place-unit"
              disabled={busy}
              onClick={() => {
                void onAct(placeAction(o.unit, o.planet, count));
              }}
            >
              Place {count} {unitWord(o.unit, count)} at {o.planet}
            </button>{' '}
            <small>of {max}</small>
          </div>
        );
      })}
    </div>
  );
}

function placeAction(unit: PurchasableUnit, planet: string, count: number): ActionOf<'place-unit'> {
  return count > 1
    ? { type: 'place-unit', unit, planet, count }
    : { type: 'place-unit', unit, planet };
}
