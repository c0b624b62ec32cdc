import { techById, type Action } from '@outer-rim/rules';
import { techWords, type WordsContext } from './action-words';

interface Props {
  group: { title: string; actions: readonly Action[] };
  names: readonly string[];
  context: WordsContext;
  busy: boolean;
  onAct: (action: Action) => Promise<void>;
}

/** Technologies on offer, each with its printed name, colour, cost, prerequisites and text. */
export function TechnologyChoices({ group, busy, onAct }: Props) {
  return (
    <div class="action-group tech-choices">
      <h4>{group.title}</h4>
      <ul>
        {group.actions.map((action) => {
          if (action.type !== 'buy-technology') return null;
          const tech = techById(action.technology);
          return (
            <li key={action.technology} class={`tech ${tech?.colour ?? ''}`}>
              <button
                type="button"
                class="action"
                disabled={busy}
                data-action={action.type}
                onClick={() => {
                  void onAct(action);
                }}
              >
                Buy {techWords(action.technology)}
              </button>
              {tech === undefined ? null : <p class="small">{tech.effect}</p>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
