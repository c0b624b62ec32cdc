import { gameOverText, winnersOf, type GameView } from '@outer-rim/rules';
import { routeHref } from '../../route';
import { GameStory } from '../../story/game-story';
import type { GameRecord } from '../../net/protocol';
import { playerSummaries } from '../player-summary';
import { FairDice } from './fair-dice';

/**
 * BG-10: the game is over. Names the winner and why in words, shows the
 * final standing (bracket, planets, resources, influence) of every player,
 * the seed that is now revealed, links to the replay, and says how anyone verifies the dice.
 */
export function EndScreen({
  view,
  gameId,
  seed,
  record,
}: {
  view: GameView;
  gameId: string;
  seed: string | undefined;
  /** the game's public record, for the dice's commitments and shares */
  record?: Pick<GameRecord, 'seedCommitment' | 'seats'> | undefined;
}) {
  const phase = view.phase;
  if (phase.name !== 'game-over') return null;
  const rows = playerSummaries(view);
  const winners = new Set(winnersOf(view));
  return (
    <section class="end-screen" data-testid="end-screen" aria-label="The game is over">
      <h2>The game is over</h2>
      <p class="end-winner" data-testid="end-winner">
        {gameOverText(view)}
      </p>
      <p>After {view.round === 1 ? '1 round' : `${String(view.round)} rounds`}.</p>
      <table class="end-standing">
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Bracket</th>
            <th scope="col">Planets</th>
            <th scope="col">Resources</th>
            <th scope="col">Influence</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.seat}
              class={winners.has(r.seat) ? 'end-first' : undefined}
              data-winner={winners.has(r.seat) ? 'true' : undefined}
            >
              <th scope="row">
                {r.name} <span class="muted">({r.race})</span>
                {winners.has(r.seat) ? <strong class="end-crown"> · winner</strong> : null}
              </th>
              <td>{r.bracket}</td>
              <td>{r.planets}</td>
              <td>{r.resources}</td>
              <td>{r.influence}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <GameStory gameId={gameId} view={view} open />
      <p>
        {seed === undefined ? (
          'The seed is being revealed…'
        ) : (
          <>
            Seed, now revealed: <code data-testid="end-seed">{seed}</code>
          </>
        )}{' '}
        <a href={routeHref({ page: 'replay', gameId })}>Watch the replay</a>
      </p>
      {seed === undefined || record === undefined ? null : (
        <FairDice gameId={gameId} seed={seed} record={record} />
      )}
    </section>
  );
}
