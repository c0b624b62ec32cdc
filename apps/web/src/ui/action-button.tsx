import type { Action } from '@outer-rim/rules';
import type { ComponentChildren } from 'preact';

/**
 * One choice of the player as a button: it sends its one action when clicked, and waits while
 * another is on its way. `data-action` names the action's type (tests and styles find it by it);
 * other `data-` attributes say which of several choices of one type it is.
 */
export function ActionButton({
  action,
  busy,
  onAct,
  children,
  title,
  danger = false,
  disabled = false,
  data = {},
  name,
}: {
  action: Action;
  busy: boolean;
  onAct: (action: Action) => Promise<void>;
  children: ComponentChildren;
  title?: string | undefined;
  danger?: boolean;
  disabled?: boolean;
  /** `data-action`, when the choice goes by another name than its action's type ("accept-trade"). */
  name?: string | undefined;
  /** Extra `data-` attributes, without the prefix: `{ to: '1,0' }` gives `data-to="1,0"`. */
  data?: Readonly<Record<string, string>>;
}) {
  const attributes = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]));
  return (
    <button
      type="button"
      class={danger ? 'action danger' : 'action'}
      data-action={name ?? action.type}
      disabled={busy || disabled}
      {...(title === undefined ? {} : { title })}
      {...attributes}
      onClick={() => {
        void onAct(action);
      }}
    >
      {children}
    </button>
  );
}
