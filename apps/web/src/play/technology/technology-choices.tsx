import { techName } from '@outer-rim/rules';
import type { GroupProps } from '../action-groups';
import { TechnologyCard } from './technology-card';

/** Technologies on offer, each with its printed name, colour, cost, prerequisites and text. */
export function TechnologyChoices({ group, context, busy, onAct }: GroupProps) {
  return (
    <div class="action-group tech-choices">
      <h4>{group.title}</h4>
      <ul>
        {group.actions.map((action) => {
          if (action.type !== 'buy-technology') return null;
          return (
            <li key={action.technology}>
              <TechnologyCard id={action.technology} cost={context.techPrices?.[action.technology]}>
                <button
                  type="button"
                  class="action"
                  disabled={busy}
                  data-action={action.type}
                  onClick={() => {
                    void onAct(action);
                  }}
                >
                  Buy {techName(action.technology)}
                </button>
              </TechnologyCard>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
