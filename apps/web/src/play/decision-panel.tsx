import type { HexKey } from '@outer-rim/map';
import { segmentName, systemName, whyNot, type Action, type Decision } from '@outer-rim/rules';
import { useState } from 'preact/hooks';
import { groupActions, MAX_BUTTONS, type GroupProps } from './action-groups';
import { actionDetail, actionWords, unitWord, type WordsContext } from './action-words';
import { MarketOfferForm } from './market-offer-form';
import { PlaceForm } from './place-form';
import { PurchaseForm } from './purchase-form';
import { TechnologyChoices } from './technology/technology-choices';
import { warningFor } from './warnings';
import { ActionButton } from '../ui/action-button';

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
  const context = props.context ?? {};
  const mine = decisions.filter((d) => d.seat === seat);
  const others = decisions.filter((d) => d.seat !== seat);
  const groups = groupActions(props.actions, props.selectedHex);
  const [pending, setPending] = useState<{ action: Action; warning: string } | undefined>(
    undefined,
  );
  // A choice that throws units or credits away, or skips a landing, is said and asked again first.
  const onAct = (action: Action): Promise<void> => {
    const warning = warningFor(action, context, props.actions);
    if (warning === undefined) return props.onAct(action);
    setPending({ action, warning });
    return Promise.resolve();
  };
  return (
    <section class="panel decision-panel" aria-label="What the game waits for">
      {props.over ? <p class="prompt">The game is over.</p> : null}
      {mine.map((d) => (
        <p key={`${d.seat}-${d.kind}`} class="prompt mine" data-testid="my-prompt">
          {d.prompt}
        </p>
      ))}
      {waitingFor(others, names, context).map((line) => (
        <p key={line} class="prompt other">
          {line}
        </p>
      ))}
      {!props.over && decisions.length === 0 ? <p class="prompt">Nothing to decide.</p> : null}
      {props.selectedHex === undefined ? null : (
        <p class="hex-filter">
          Choices in {systemName(props.selectedHex, context.galaxy)}{' '}
          <button type="button" class="link" onClick={props.onClearHex}>
            show all
          </button>
        </p>
      )}
      {pending === undefined ? null : (
        <div class="confirm" role="alertdialog" aria-label="Are you sure?" data-testid="confirm">
          <p>{pending.warning}</p>
          <button
            type="button"
            class="action danger"
            disabled={props.busy}
            onClick={() => {
              setPending(undefined);
              void props.onAct(pending.action);
            }}
          >
            Yes, {actionWords(pending.action, names, context).toLowerCase()}
          </button>{' '}
          <button
            type="button"
            onClick={() => {
              setPending(undefined);
            }}
          >
            Cancel
          </button>
        </div>
      )}
      <PendingUnits context={context} />
      {groups.map((group) => (
        <Group
          key={group.title}
          group={group}
          names={names}
          context={context}
          busy={props.busy}
          onAct={onAct}
        />
      ))}
      {props.error === undefined ? null : (
        <p class="error" role="alert">
          {props.error}
        </p>
      )}
      {props.error === undefined ? null : <WhyNot message={props.error} />}
    </section>
  );
}

/** Under a refusal: the one line of the rule it names ("Why not?"), when it names one. */
function WhyNot({ message }: { message: string }) {
  const why = whyNot(message);
  if (why === undefined) return null;
  return (
    <p class="hint why-not" data-testid="why-not">
      Why not? {why.line} ({why.rule})
    </p>
  );
}

/** Choices of amounts get a form; the rest a row of buttons or one drop-down. */
function Group(props: GroupProps) {
  const first = props.group.actions[0];
  const type = first?.type;
  if (type === 'make-offer') return <MarketOfferForm {...props} />;
  if (first?.type === 'purchase' && first.planet === undefined) return <PurchaseForm {...props} />;
  if (type === 'buy-technology') return <TechnologyChoices {...props} />;
  if (type === 'place-unit') return <PlaceForm {...props} />;
  return <ActionChoices {...props} />;
}

/** One entry per distinct wording: choices that read the same are the same choice to a player. */
export function distinctChoices(
  actions: readonly Action[],
  label: (action: Action) => string,
): { label: string; action: Action }[] {
  const seen = new Map<string, Action>();
  for (const action of actions) {
    const words = label(action);
    if (!seen.has(words)) seen.set(words, action);
  }
  return [...seen.entries()].map(([words, action]) => ({ label: words, action }));
}

function ActionChoices({ group, names, context, busy, onAct }: GroupProps) {
  const [picked, setPicked] = useState(0);
  const act = (action: Action | undefined) => () => {
    if (action !== undefined) void onAct(action);
  };
  const choices = distinctChoices(group.actions, (a) => actionWords(a, names, context));
  if (choices.length <= MAX_BUTTONS) {
    return (
      <div class="action-group">
        <h4>{group.title}</h4>
        <div class="action-buttons">
          {choices.map(({ label, action }) => (
            <ActionButton
              key={label}
              action={action}
              busy={busy}
              onAct={onAct}
              title={actionDetail(action)}
            >
              {label}
            </ActionButton>
          ))}
        </div>
      </div>
    );
  }
  const index = Math.min(picked, choices.length - 1);
  return (
    <div class="action-group">
      <h4>
        {group.title} <small>({choices.length} choices)</small>
      </h4>
      <div class="choice-row">
        <select
          value={String(index)}
          aria-label={group.title}
          onChange={(event) => {
            setPicked(Number(event.currentTarget.value));
          }}
        >
          {choices.map(({ label }, i) => (
            <option key={label} value={String(i)} title={label}>
              {label}
            </option>
          ))}
        </select>
        <button
          type="button"
          class="action"
          disabled={busy}
          data-action={choices[index]?.action.type}
          onClick={act(choices[index]?.action)}
        >
          Do it
        </button>
      </div>
    </div>
  );
}

/** Units bought and not yet placed, and the Spacedocks where Place New Units puts them. */
function PendingUnits({ context }: { context: WordsContext }) {
  const waiting = Object.entries(context.purchases ?? {}).filter(([, n]) => (n ?? 0) > 0);
  const orders = context.groundForceOrders ?? [];
  if (waiting.length === 0 && orders.length === 0) return null;
  const docks = context.docks ?? [];
  if (waiting.length === 0)
    return (
      <div class="pending-units" data-testid="pending-units">
        <p>
          Bought, not yet placed: a Ground Force for {orders.join(', ')} (Gen Synthesis); it appears
          in Place New Units.
        </p>
      </div>
    );
  return (
    <div class="pending-units" data-testid="pending-units">
      {orders.length === 0 ? null : (
        <p>
          A Ground Force for {orders.join(', ')} (Gen Synthesis) appears in Place New Units too.
        </p>
      )}
      <p>
        Bought, not yet placed:{' '}
        {waiting.map(([unit, n = 0]) => `${n} ${unitWord(unit, n)}`).join(', ')}.
      </p>
      <p class="small">
        {docks.length === 0
          ? 'You have no Spacedock to place them at: they will be lost.'
          : `They appear in Place New Units at your Spacedocks: ${docks
              .map((d) => `${d.planet} (up to ${d.capacity})`)
              .join(', ')}.`}
      </p>
    </div>
  );
}

/** What another seat is deciding, from the reader's side: "Waiting for Carol to …". */
function othersTask(kind: string, context: WordsContext): string {
  switch (kind) {
    case 'place-tile':
      return 'to place a galaxy tile';
    case 'market':
      return 'to finish trading in the Market';
    case 'discard':
      return 'to discard down to the hand limit';
    case 'purchase':
      return 'to finish buying units';
    case 'turn':
      return context.segment === undefined
        ? 'to play their turn'
        : `to play the ${segmentName(context.segment)} segment of their turn`;
    case 'technology':
      return 'to buy a technology or pass';
    case 'place-units':
      return 'to place their new units';
    // OR-6.2 leaders.
    case 'escape':
      return 'to choose where their escaping leader goes';
    case 'diplomat':
      return 'to decide whether their Diplomat delays the invasion';
    case 'passage':
      return 'to let a fleet with a Diplomat pass their ships, or refuse';
    // BG-1 Xxcha Veto.
    case 'veto-agenda':
      return 'to veto the agenda for 5 credits or let it stand';
    default:
      return 'to decide';
  }
}

/** Seats owing the same decision share one line: eight "Waiting for" lines read as noise. */
function waitingFor(
  pending: readonly Decision[],
  names: readonly string[],
  context: WordsContext,
): string[] {
  const byTask = new Map<string, string[]>();
  for (const d of pending) {
    const task = othersTask(d.kind, context);
    const list = byTask.get(task) ?? [];
    list.push(names[d.seat] ?? `Seat ${d.seat + 1}`);
    byTask.set(task, list);
  }
  // Past three names the line says how many: seven long names make a paragraph, not a prompt.
  return [...byTask.entries()].map(
    ([task, who]) =>
      `Waiting for ${who.length > 3 ? `${who.length} players` : listWords(who)} ${task}.`,
  );
}

function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}
