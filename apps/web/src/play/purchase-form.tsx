import type { PurchasableUnit, PurchaseBasket } from '@outer-rim/rules';
import { useState } from 'preact/hooks';
import type { GroupProps } from './action-groups';
import { unitWord } from './action-words';

/**
 * Purchase Units (BG-2): how many of each unit, with the running total against the
 * credits at hand (Corporate Sponsorship's credits pay for PDS first, BG-9). The most of
 * each unit the engine allows is the largest count among its legal `purchase` actions.
 * Buy sends the whole basket as one action; a refused basket leaves the form as it was,
 * and the form empties when the bought units show in the view.
 */
export function PurchaseForm({ group, context, busy, onAct }: GroupProps) {
  const max = new Map<PurchasableUnit, number>();
  for (const a of group.actions) {
    if (a.type !== 'purchase' || a.planet !== undefined) continue;
    for (const [unit, n] of Object.entries(a.units) as [PurchasableUnit, number][])
      max.set(unit, Math.max(max.get(unit) ?? 0, n));
  }
  const units = [...max.keys()];
  const [counts, setCounts] = useState<Readonly<Record<string, number>>>({});
  // Units bought show in the view's purchases: then, and only then, the form empties.
  const bought = JSON.stringify(context.purchases ?? {});
  const [boughtSeen, setBoughtSeen] = useState(bought);
  if (boughtSeen !== bought) {
    setBoughtSeen(bought);
    setCounts({});
  }
  const credits = context.credits ?? 0;
  const cost = (unit: string) => context.unitCosts?.[unit] ?? 0;
  const full = units.reduce((sum, unit) => sum + cost(unit) * (counts[unit] ?? 0), 0);
  const sponsored = Math.min(cost('pds') * (counts['pds'] ?? 0), context.sponsorship ?? 0);
  const total = full - sponsored;
  // Room at the docks is shared by every unit: the largest single maximum bounds the sum.
  const room = Math.max(0, ...max.values());
  const chosen = units.reduce((sum, unit) => sum + (counts[unit] ?? 0), 0);
  const tooDear = total > credits;
  const tooMany = chosen > room;
  return (
    <form
      class="action-group purchase-form"
      data-testid="purchase-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (tooDear || tooMany || chosen === 0) return;
        const basket: PurchaseBasket = {};
        for (const unit of units) {
          const count = counts[unit] ?? 0;
          if (count > 0) basket[unit] = count;
        }
        void onAct({ type: 'purchase', units: basket });
      }}
    >
      <h4>{group.title}</h4>
      <table class="purchase">
        <tbody>
          {units.map((unit) => (
            <tr key={unit}>
              <th scope="row">{unitWord(unit, 2)}</th>
              <td>{cost(unit)} each</td>
              <td>
                <input
                  type="number"
                  name={unit}
                  aria-label={`How many ${unitWord(unit, 2)}`}
                  min={0}
                  max={max.get(unit)}
                  step={1}
                  value={String(counts[unit] ?? 0)}
                  onInput={(event) => {
                    const n = Math.trunc(Number(event.currentTarget.value));
                    setCounts((c) => ({ ...c, [unit]: Number.isFinite(n) && n > 0 ? n : 0 }));
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="running-total" data-testid="running-total">
        Total: {total} of {credits} credits
        {sponsored > 0 ? ` (${full} less ${sponsored} from Corporate Sponsorship)` : ''} · {chosen}{' '}
        of the {room} places left at your Spacedocks
      </p>
      {(context.sponsorship ?? 0) > 0 ? (
        <p class="hint" data-testid="sponsorship">
          Corporate Sponsorship: {context.sponsorship} credits for PDS and Spacedocks this phase.
        </p>
      ) : null}
      {tooDear ? <p class="error">That costs more credits than you have.</p> : null}
      {tooMany ? <p class="error">Your Spacedocks cannot place that many units.</p> : null}
      <button type="submit" class="action" disabled={busy || tooDear || tooMany || chosen === 0}>
        Buy
      </button>
    </form>
  );
}
