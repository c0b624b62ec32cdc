import type { HexKey } from '@outer-rim/map';
import {
  actionCardById,
  agentLeader,
  cardIdOf,
  cardName,
  isAgentCard,
  leaderShipsAt,
  leaderName,
  systemName,
  techName,
  UNITS,
  type Action,
  type ActionOf,
  type CardTarget,
  type CardTargetInput,
  type GameView,
} from '@outer-rim/rules';
import { useState } from 'preact/hooks';
import type { PanelProps } from '../panel-props';
import { ActionButton } from '../../ui/action-button';

/** Card and trade actions shown here, not in the generic decision list. */
export const CARD_ACTIONS: ReadonlySet<string> = new Set([
  'play-card',
  'pass-card',
  'card-prompts',
  'answer-trade',
  'cancel-trade',
]);

type Props = PanelProps;

function seatName(names: readonly string[], seat: number): string {
  return names[seat] ?? `Seat ${seat + 1}`;
}

/** What a play is aimed at, in words: names, never ids (a system by its planets). */
export function targetWords(
  target: CardTarget | CardTargetInput | undefined,
  names: readonly string[],
  galaxy: GameView['galaxy'],
  aboard?: (hex: HexKey, kind: string) => string | undefined,
): string {
  if (target === undefined) return '';
  const parts: string[] = [];
  if (target.seat !== undefined) parts.push(seatName(names, target.seat));
  if (target.other !== undefined) parts.push(seatName(names, target.other));
  if (target.unit !== undefined) parts.push(`a ${UNITS[target.unit].name}`);
  if (target.planet !== undefined)
    parts.push(target.to === undefined ? target.planet : `from ${target.planet}`);
  if (target.to !== undefined) parts.push(`to ${target.to}`);
  if (target.count !== undefined)
    parts.push(`${target.count} Ground Force${target.count === 1 ? '' : 's'}`);
  if (target.hex !== undefined) parts.push(`in ${systemName(target.hex, galaxy)}`);
  if (target.toHex !== undefined) parts.push(`to ${systemName(target.toHex, galaxy)}`);
  if (target.technology !== undefined) parts.push(techName(target.technology));
  // OR-6.2: the leaders' ship named among the ships the card moves, as the move form's line says it.
  for (const kind of target.leaderShips ?? []) {
    const label =
      (target.hex === undefined ? undefined : aboard?.(target.hex, kind)) ??
      `${UNITS[kind].name} with the leaders aboard`;
    parts.push(`the ${label} among them`);
  }
  return parts.join(', ');
}

/**
 * BG-9 / BG-11 in the browser: the seat's own hand with each card's name and
 * text (the cards it can play now lit), the open window's prompt with the
 * cards on the stack (a Sabotage answers the top one), play / pass and the
 * "never ask me" setting, and the trade agreements: offers to answer, the
 * agreements in force, cancelling one's own.
 */
export function CardsPanel({ view, seat, actions, busy, onAct }: Props) {
  const names = view.players.map((p) => p.name);
  const me = seat === undefined ? undefined : view.players[seat];
  const hand = me?.hand ?? [];
  const plays = actions.filter((a): a is ActionOf<'play-card'> => a.type === 'play-card');
  // OR-6.2: an Agent on the board may stand in for a Sabotage card.
  const agents = plays.filter((p) => isAgentCard(p.card));
  const answered = view.window?.stack[view.window.stack.length - 1];
  const playable = new Set(plays.map((p) => p.card));
  const window = view.window;
  const answers = actions.filter((a): a is ActionOf<'answer-trade'> => a.type === 'answer-trade');
  const cancels = actions.filter((a): a is ActionOf<'cancel-trade'> => a.type === 'cancel-trade');
  const passes = actions.some((a) => a.type === 'pass-card');
  const never = seat !== undefined && view.neverAsk.includes(seat);
  if (seat === undefined && window === undefined && view.tradeAgreements.length === 0) return null;
  const act = (action: Action) => () => {
    void onAct(action);
  };
  return (
    <section
      class="panel cards-panel"
      aria-label="Action cards and trade"
      data-testid="cards-panel"
    >
      <h3>Action cards</h3>
      {window === undefined ? null : (
        <div class="card-window" data-testid="card-window">
          {window.stack.length === 0 ? (
            <p class="prompt">Action cards may be played now.</p>
          ) : (
            <ol class="card-stack" data-testid="card-stack">
              {window.stack.map((played) =>
                isAgentCard(played.card) ? (
                  <li key={played.card}>
                    {seatName(names, played.seat)} sacrifices{' '}
                    <strong>{leaderName(agentLeader(played.card))}</strong> as a Sabotage
                  </li>
                ) : (
                  <li key={played.card}>
                    {seatName(names, played.seat)} plays <strong>{cardName(played.card)}</strong>
                    {played.target === undefined
                      ? ''
                      : ` (${targetWords(played.target, names, view.galaxy)})`}
                  </li>
                ),
              )}
            </ol>
          )}
          {window.proposal === undefined ? null : (
            <p class="prompt">
              {seatName(names, window.proposal.from)} offers {seatName(names, window.proposal.to)} a
              trade agreement.
            </p>
          )}
          {answers.length === 0 ? null : (
            <div class="action-buttons">
              <ActionButton
                action={{ type: 'answer-trade', accept: true }}
                busy={busy}
                onAct={onAct}
                name="accept-trade"
              >
                Accept the trade agreement
              </ActionButton>
              <ActionButton
                action={{ type: 'answer-trade', accept: false }}
                busy={busy}
                onAct={onAct}
                name="refuse-trade"
              >
                Refuse
              </ActionButton>
            </div>
          )}
          {agents.length === 0 ? null : (
            <div class="action-buttons" data-testid="agent-sacrifice">
              {agents.map((a) => (
                <ActionButton
                  key={a.card}
                  action={a}
                  busy={busy}
                  onAct={onAct}
                  name="sacrifice-agent"
                >
                  Sacrifice {leaderName(agentLeader(a.card))} to cancel{' '}
                  {answered === undefined ? 'the card' : cardName(answered.card)}
                </ActionButton>
              ))}
            </div>
          )}
          {passes ? (
            <div class="action-buttons">
              <ActionButton
                action={{ type: 'pass-card' }}
                busy={busy}
                onAct={onAct}
                name="pass-card"
              >
                Play no card
              </ActionButton>
            </div>
          ) : null}
        </div>
      )}
      {seat === undefined ? null : (
        <label class="never-ask">
          <input
            type="checkbox"
            checked={never}
            disabled={busy}
            data-testid="never-ask"
            onChange={act({ type: 'card-prompts', ask: never })}
          />{' '}
          Never ask me about cards I cannot or will not play
        </label>
      )}
      {seat === undefined ? null : hand.length === 0 ? (
        <p class="hand-empty">You hold no action cards.</p>
      ) : (
        <ul class="hand" data-testid="hand">
          {hand.map((card) => (
            <HandCard
              key={card}
              card={card}
              plays={plays.filter((p) => p.card === card)}
              lit={playable.has(card)}
              names={names}
              galaxy={view.galaxy}
              aboard={(hex, kind) =>
                leaderShipsAt(view, seat, hex).find((l) => l.kind === kind)?.label
              }
              busy={busy}
              onAct={onAct}
            />
          ))}
        </ul>
      )}
      <TradePanel view={view} seat={seat} cancels={cancels} busy={busy} onAct={onAct} />
    </section>
  );
}

function HandCard(props: {
  card: string;
  plays: readonly ActionOf<'play-card'>[];
  lit: boolean;
  names: readonly string[];
  galaxy: GameView['galaxy'];
  aboard: (hex: HexKey, kind: string) => string | undefined;
  busy: boolean;
  onAct: (action: Action) => Promise<void>;
}) {
  const { card, plays, lit, names, galaxy, aboard, busy, onAct } = props;
  const def = actionCardById(cardIdOf(card));
  const [picked, setPicked] = useState(0);
  const index = Math.min(picked, Math.max(0, plays.length - 1));
  const chosen = plays[index];
  return (
    <li class={lit ? 'hand-card playable' : 'hand-card'} data-card={def?.name}>
      <strong class="card-name">{def?.name ?? cardName(card)}</strong>
      <p class="card-text">{def?.text}</p>
      {plays.length > 1 ? (
        <select
          value={String(index)}
          aria-label={`Target of ${def?.name ?? 'the card'}`}
          onChange={(e) => {
            setPicked(Number(e.currentTarget.value));
          }}
        >
          {plays.map((p, i) => (
            <option key={i} value={String(i)}>
              {targetWords(p.target, names, galaxy, aboard)}
            </option>
          ))}
        </select>
      ) : null}
      {chosen === undefined ? null : (
        <button
          type="button"
          class="action"
          disabled={busy}
          data-action="play-card"
          onClick={() => {
            void onAct(chosen);
          }}
        >
          Play {def?.name}
          {plays.length === 1 && chosen.target !== undefined
            ? ` (${targetWords(chosen.target, names, galaxy, aboard)})`
            : ''}
        </button>
      )}
    </li>
  );
}

function TradePanel(props: {
  view: GameView;
  seat: number | undefined;
  cancels: readonly ActionOf<'cancel-trade'>[];
  busy: boolean;
  onAct: (action: Action) => Promise<void>;
}) {
  const { view, seat, cancels, busy, onAct } = props;
  const names = view.players.map((p) => p.name);
  return (
    <div class="trade-panel" data-testid="trade-panel">
      <h4>Trade agreements</h4>
      {view.tradeAgreements.length === 0 ? (
        <p>
          No trade agreement is in force. Play a Trade Agreement card just before your Movement
          segment to offer one.
        </p>
      ) : (
        <ul>
          {view.tradeAgreements.map((a) => {
            const partner = a.seats[0] === seat ? a.seats[1] : a.seats[0];
            const cancel = cancels.find((c) => c.partner === partner);
            return (
              <li key={`${a.seats[0]}-${a.seats[1]}`}>
                {seatName(names, a.seats[0])} and {seatName(names, a.seats[1])}
                {seat !== undefined && a.seats.includes(seat) && cancel !== undefined ? (
                  <>
                    {' — '}
                    <button
                      type="button"
                      class="link"
                      disabled={busy}
                      onClick={() => {
                        void onAct(cancel);
                      }}
                    >
                      cancel
                    </button>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
