import {
  choiceName,
  politicalCardName,
  politicalCardOf,
  type Action,
  type ActionOf,
  type GameView,
  voteBarredReason,
} from '@outer-rim/rules';
import { useState } from 'preact/hooks';
import type { LogEntry } from '../live-game';
import { agendaCard, lastResult, vetoWords, voterRows, voteWords } from './politics';
import type { PanelProps } from '../panel-props';
import { ActionButton } from '../../ui/action-button';

interface Props extends PanelProps {
  readonly log: readonly LogEntry[];
}

/**
 * BG-8 in the browser: the agenda card with its name and text, each
 * player's influence in the voting order with the ballots cast so far, the
 * vote for the seat whose turn it is (all its influence, or none), the
 * result, and (OR-6.1) the Hopes End conversion when the rules allow it.
 */
export function PoliticsPanel({ view, seat, actions, log, busy, onAct }: Props) {
  const names = view.players.map((p) => p.name);
  const phase = view.phase.name === 'political' ? view.phase : undefined;
  const result = lastResult(log, names);
  if (phase === undefined && result === undefined) return null;
  const card = phase === undefined ? undefined : agendaCard(phase);
  const votes = actions.filter((a): a is ActionOf<'vote'> => a.type === 'vote');
  const picks = actions.filter((a): a is ActionOf<'pick-agenda'> => a.type === 'pick-agenda');
  const hopes = actions.filter((a): a is ActionOf<'hopes-end'> => a.type === 'hopes-end');
  const looks = actions.filter((a): a is ActionOf<'eavesdrop'> => a.type === 'eavesdrop');
  const vetoes = actions.filter((a): a is ActionOf<'veto-agenda'> => a.type === 'veto-agenda');
  return (
    <section class="panel politics-panel" aria-label="Political phase" data-testid="politics-panel">
      {phase === undefined ? null : (
        <>
          <h3>Political phase</h3>
          {card === undefined ? (
            <p class="prompt">
              {phase.step === 'pick-agenda' ? 'The agenda is being picked.' : 'No agenda yet.'}
            </p>
          ) : (
            <article class="agenda-card" data-testid="agenda-card">
              <header>
                <strong class="agenda-name">{card.name}</strong> <small>{card.kind}</small>
              </header>
              {card.revote === undefined ? null : (
                <p class="revote">Revote: {card.revote} is voted on again.</p>
              )}
              <p class="agenda-text">{card.text}</p>
            </article>
          )}
          {phase.order.length === 0 ? null : (
            <table class="voters" data-testid="voting-order">
              <caption>Voting order (least influence first)</caption>
              <thead>
                <tr>
                  <th>#</th>
                  <th>Player</th>
                  <th>Influence</th>
                  <th>Vote</th>
                </tr>
              </thead>
              <tbody>
                {voterRows(view, phase).map((row, i) => (
                  <tr key={row.seat} class={row.next ? 'next' : ''}>
                    <td>{i + 1}</td>
                    <td>{row.name}</td>
                    <td>{row.influence}</td>
                    <td>
                      {row.choice === undefined
                        ? row.next
                          ? 'voting…'
                          : ''
                        : row.votes === undefined || row.votes === 0
                          ? row.choice
                          : `${row.choice} (${row.votes})`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {phase.step === 'tie' && phase.decider !== undefined ? (
            <p class="prompt">
              The vote is tied: {names[phase.decider] ?? 'the most influential player'} decides.
            </p>
          ) : null}
          {vetoes.length === 0 ? null : (
            <div class="action-group" data-testid="xxcha-veto">
              <h4>Veto (Xxcha Kingdom)</h4>
              {vetoes.map((a) => (
                <ActionButton key={String(a.veto)} action={a} busy={busy} onAct={onAct}>
                  {vetoWords(a, card?.name)}
                </ActionButton>
              ))}
            </div>
          )}
          {looks.length === 0 ? null : (
            <div class="action-group" data-testid="eavesdrop">
              <h4>Eavesdrop (Yssaril Tribes): look at one player's action cards, once</h4>
              {looks.map((a) => (
                <ActionButton key={a.seat} action={a} busy={busy} onAct={onAct}>
                  {`Look at ${names[a.seat] ?? 'a player'}'s action cards`}
                </ActionButton>
              ))}
            </div>
          )}
          {seat === undefined ? null : (
            <VoteControl
              votes={votes}
              names={names}
              busy={busy}
              onAct={onAct}
              tie={phase.step === 'tie'}
              barred={phase.step === 'vote' ? voteBarredReason(view, seat) : null}
            />
          )}
          {picks.length === 0 ? null : (
            <div class="action-group" data-testid="agenda-pick">
              <h4>Your Diplomat on Mecatol Rex: pick the agenda</h4>
              {picks.map((a) => (
                <ActionButton
                  key={a.card}
                  action={a}
                  busy={busy}
                  onAct={onAct}
                  title={politicalCardOf(a.card)?.text ?? ''}
                >
                  {politicalCardName(a.card)}
                </ActionButton>
              ))}
            </div>
          )}
          {hopes.length === 0 ? null : (
            <div class="action-group" data-testid="hopes-end">
              <h4>Hopes End</h4>
              {hopes.map((a) => (
                <ActionButton key={String(a.convert)} action={a} busy={busy} onAct={onAct}>
                  {a.convert
                    ? 'Pay 1 credit: a Ground Force becomes a Shock Force'
                    : 'No conversion this round'}
                </ActionButton>
              ))}
            </div>
          )}
        </>
      )}
      {result === undefined ? null : (
        <div class="vote-result" data-testid="vote-result">
          <h4>Last vote</h4>
          <p>
            {result.card}: {result.outcome}.
          </p>
          {result.tally.length === 0 ? null : (
            <p class="tally">{result.tally.map((t) => `${t.choice} ${t.votes}`).join(' · ')}</p>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * The seat's vote: for / against (or Abstain) as buttons, an election's
 * targets as a list. The whole influence goes with it; there is no amount.
 */
function VoteControl(props: {
  votes: readonly ActionOf<'vote'>[];
  names: readonly string[];
  busy: boolean;
  tie: boolean;
  /** BG-1 Letnev Isolation: why this seat may only abstain, or null. */
  barred: string | null;
  onAct: (action: Action) => Promise<void>;
}) {
  const { votes, names, busy, onAct } = props;
  const targets = votes.filter((v) => v.ballot === 'elect');
  const plain = votes.filter((v) => v.ballot !== 'elect');
  const [picked, setPicked] = useState(0);
  if (votes.length === 0) return null;
  const index = Math.min(picked, targets.length - 1);
  return (
    <div class="action-group vote-control" data-testid="vote-control">
      <h4>{props.tie ? 'Break the tie' : 'Your vote (all your influence)'}</h4>
      {props.barred === null ? null : (
        <p class="prompt" data-testid="vote-barred">
          {props.barred}
        </p>
      )}
      {targets.length === 0 ? null : targets.length <= 8 ? (
        <div class="action-buttons">
          {targets.map((a, i) => (
            <ActionButton key={i} action={a} busy={busy} onAct={onAct}>
              {voteWords(a, names)}
            </ActionButton>
          ))}
        </div>
      ) : (
        <div class="action-buttons">
          <select
            aria-label="Elect"
            value={String(index)}
            onChange={(event) => {
              setPicked(Number(event.currentTarget.value));
            }}
          >
            {targets.map((a, i) => (
              <option key={i} value={String(i)}>
                {voteWords(a, names)}
              </option>
            ))}
          </select>
          <button
            type="button"
            class="action"
            disabled={busy}
            data-action="vote"
            onClick={() => {
              const a = targets[index];
              if (a !== undefined) void onAct(a);
            }}
          >
            Elect
          </button>
        </div>
      )}
      {plain.length === 0 ? null : (
        <div class="action-buttons">
          {plain.map((a) => (
            <ActionButton
              key={a.ballot}
              action={a}
              busy={busy}
              onAct={onAct}
              data={{ ballot: a.ballot }}
            >
              {voteWords(a, names)}
            </ActionButton>
          ))}
        </div>
      )}
    </div>
  );
}

/** Laws in force, always on the side: their names, texts, and who or what they name. */
export function LawsPanel({ view }: { view: GameView }) {
  const laws = view.politics?.laws ?? [];
  const names = view.players.map((p) => p.name);
  if (laws.length === 0) return null;
  return (
    <section class="panel laws-panel" aria-label="Laws in force" data-testid="laws-panel">
      <h3>Laws in force</h3>
      <ul>
        {laws
          .filter((l) => l.expires === undefined || view.round < l.expires)
          .map((law) => {
            const def = politicalCardOf(law.card);
            const target =
              law.elected === undefined
                ? ''
                : 'player' in law.elected
                  ? ` — ${choiceName(`player:${law.elected.player}`, names)}`
                  : ` — ${law.elected.planet}`;
            return (
              <li key={law.card}>
                <strong>{def?.name ?? politicalCardName(law.card)}</strong>
                {target}
                {law.expires === undefined ? null : <small> (until round {law.expires})</small>}
                <p>{def?.text}</p>
              </li>
            );
          })}
      </ul>
    </section>
  );
}
