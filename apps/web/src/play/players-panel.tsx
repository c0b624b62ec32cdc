import { RULE_CONSTANTS, type GameView } from '@outer-rim/rules';
import { useMemo } from 'preact/hooks';
import type { SeatRecord } from '../net/protocol';
import { BotMark } from '../ui/bot-mark';
import { ownerColour } from '../ui/colours';
import { Presence } from '../ui/presence';
import { playerSummaries } from './player-summary';
import { TechnologyCard } from './technology/technology-card';

/** Every player's public standing; the viewer's own hand only in its own entry. */
export function PlayersPanel({
  view,
  seat,
  active,
  presence,
  seats,
}: {
  view: GameView;
  seat: number | undefined;
  active: readonly number[];
  /** Which seats have their player connected now (live games only). */
  presence?: readonly boolean[] | undefined;
  /** The lobby record's seats: which are bots, which are played by a bot while away. */
  seats?: readonly SeatRecord[] | undefined;
}) {
  const players = useMemo(() => playerSummaries(view), [view]);
  return (
    <section class="panel players-panel" aria-label="Players">
      {players.map((p) => (
        <article
          key={p.seat}
          class={`player${p.seat === seat ? ' me' : ''}${active.includes(p.seat) ? ' active' : ''}`}
          data-seat={p.seat}
        >
          <h4>
            <span class="swatch" style={{ background: ownerColour(p.seat) }} />
            {seats?.[p.seat]?.bot === undefined ? <Presence online={presence?.[p.seat]} /> : null}
            <span class="name" title={p.name}>
              {p.name}
            </span>{' '}
            <small class="race" title={p.race}>
              {p.race}
            </small>
            {p.seat === seat ? <small> (you)</small> : null} <BotMark seat={seats?.[p.seat]} />
          </h4>
          <dl>
            <dt>Credits</dt>
            <dd data-testid={`credits-${p.seat}`}>{p.credits}</dd>
            <dt>Influence</dt>
            <dd>{p.influence}</dd>
            <dt>Planets</dt>
            <dd>
              {p.planets} ({p.resources} res.)
            </dd>
            <dt>Progression</dt>
            <dd>{p.bracket}</dd>
            <dt>Action cards</dt>
            <dd>{p.handCount}</dd>
          </dl>
          {p.technologyIds.length === 0 ? null : (
            <details class="small player-techs" data-testid={`techs-${p.seat}`}>
              <summary>Technologies: {p.technologies.join(', ')}</summary>
              <ul class="tech-list">
                {p.technologyIds.map((id) => (
                  <li key={id}>
                    <TechnologyCard id={id} />
                  </li>
                ))}
              </ul>
            </details>
          )}
          {p.leaders.length === 0 ? null : (
            <p class="small" data-testid={`leaders-${p.seat}`}>
              Leaders: {p.leaders.join(', ')}
            </p>
          )}
          {p.captives.length === 0 ? null : (
            <p class="small" data-testid={`captives-${p.seat}`}>
              Captives (+{RULE_CONSTANTS.captiveLeaderInfluence} influence each):{' '}
              {p.captives.join(', ')}
            </p>
          )}
          {p.hand === undefined ? null : (
            <p class="small hand" data-testid="my-hand">
              Your hand: {p.hand.length === 0 ? 'empty' : p.hand.join(', ')}
            </p>
          )}
        </article>
      ))}
    </section>
  );
}
