import type { HexKey } from '@outer-rim/map';
import type { Action, Decision } from '@outer-rim/rules';
import { useState } from 'preact/hooks';
import { groupActions, MAX_BUTTONS, type ActionGroup } from './action-groups';
import { actionWords, type WordsContext } from './action-words';

export interface DecisionPanelProps {
  /** Every decision the game waits for, for every seat. */
  readonly decisions: readonly Decision[];
  /** This viewer's seat; undefined for spectators. */
  readonly seat: number | undefined;
  /** The seat's legal actions, straight from the rules package. */
  readonly actions: readonly Action[];
  readonly names: readonly string[];
  readonly selectedHex?: HexKey | undefined;
  readonly onClearHex?: () => void;
  readonly onAct: (action: Action) => Promise<void>;
  readonly busy: boolean;
  readonly error?: string | undefined;
  readonly over: boolean;
  /** Offers and segment, so actions can be named by what they do. */
  readonly context?: WordsContext;
}

/** What the game waits for, in plain words, and only the choices the rules allow now. */
export function DecisionPanel(props: DecisionPanelProps) {
  const { decisions, seat, names } = props;
  const mine = decisions.filter((d) => d.seat === seat);
  const others = decisions.filter((d) => d.seat !== seat);
  const groups = groupActions(props.actions, props.selectedHex);
  return (
    <section class="panel decision-panel" aria-label="What the game waits for">
      {props.over ? <p class="prompt">The game is over.</p> : null}
      {mine.map((d) => (
        <p key={`${d.seat}-${d.kind}`} class="prompt mine" data-testid="my-prompt">
          Your turn: {d.prompt}
        </p>
      ))}
      {waitingFor(others, names).map(([prompt, who]) => (
        <p key={prompt} class="prompt other">
          Waiting for {who}: {prompt}
        </p>
      ))}
      {!props.over && decisions.length === 0 ? <p class="prompt">Nothing to decide.</p> : null}
      {props.selectedHex === undefined ? null : (
        <p class="hex-filter">
          Choices at {props.selectedHex}{' '}
          <button type="button" class="link" onClick={props.onClearHex}>
            show all
          </button>
        </p>
      )}
      {groups.map((group) => (
        <ActionChoices
          key={group.title}
          group={group}
          names={names}
          context={props.context ?? {}}
          busy={props.busy}
          onAct={props.onAct}
        />
      ))}
      {props.error === undefined ? null : (
        <p class="error" role="alert">
          {props.error}
        </p>
      )}
    </section>
  );
}

function ActionChoices(props: {
  group: ActionGroup;
  names: readonly string[];
  context: WordsContext;
  busy: boolean;
  onAct: (action: Action) => Promise<void>;
}) {
  const { group, names, context, busy, onAct } = props;
  const [picked, setPicked] = useState(0);
  const act = (action: Action | undefined) => () => {
    if (action !== undefined) void onAct(action);
  };
  if (group.actions.length <= MAX_BUTTONS) {
    return (
      <div class="action-group">
        <h4>{group.title}</h4>
        <div class="action-buttons">
          {group.actions.map((action, index) => (
            <button
              key={index}
              type="button"
              class="action"
              disabled={busy}
              data-action={action.type}
              onClick={act(action)}
            >
              {actionWords(action, names, context)}
            </button>
          ))}
        </div>
      </div>
    );
  }
  const index = Math.min(picked, group.actions.length - 1);
  return (
    <div class="action-group">
      <h4>
        {group.title} <small>({group.actions.length} choices)</small>
      </h4>
      <select
        value={String(index)}
        onChange={(event) => {
          setPicked(Number(event.currentTarget.value));
        }}
      >
        {group.actions.map((action, i) => (
          <option key={i} value={String(i)}>
            {actionWords(action, names, context)}
          </option>
        ))}
      </select>{' '}
      <button
        type="button"
        class="action"
        disabled={busy}
        data-action={group.actions[index]?.type}
        onClick={act(group.actions[index])}
      >
        Do it
      </button>
    </div>
  );
}

/** Seats owing the same decision share one line: eight "Waiting for" lines read as noise. */
function waitingFor(pending: readonly Decision[], names: readonly string[]): [string, string][] {
  const byPrompt = new Map<string, string[]>();
  for (const d of pending) {
    const list = byPrompt.get(d.prompt) ?? [];
    list.push(names[d.seat] ?? `Seat ${d.seat + 1}`);
    byPrompt.set(d.prompt, list);
  }
  return [...byPrompt.entries()].map(([prompt, who]) => [prompt, who.join(', ')]);
}
