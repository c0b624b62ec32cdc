import { leaderShipsAt, type Action, type ActionOf, type GameView } from '@outer-rim/rules';
import type { LogEntry } from '../live-game';
import type { PanelProps } from '../panel-props';
import { ActionButton } from '../../ui/action-button';
import { systemName } from '@outer-rim/rules';
import { latestFight } from './fight';

import { FightView } from './fight-view';
import { CasualtyPicker } from './casualty-picker';
import { Landing } from './landing-form';

/** Action types the battle panel offers itself, so the generic list need not repeat them. */
export const BATTLE_ACTIONS: ReadonlySet<Action['type']> = new Set([
  'choose-casualties',
  'withdraw',
  'fight-on',
  'capture-installations',
  'land',
]);

interface Props extends PanelProps {
  readonly log: readonly LogEntry[];
}

/**
 * BG-6 / BG-7 / OR-6.1 in the browser: the fight of this turn as everyone
 * sees it (both sides' units, every die with the value it needed, the hits),
 * and for the seat that owes a choice: casualties validated live against the
 * engine's legal list, withdraw or fight on, landings, the Shock Forces'
 * capture. Spectators render the same record from the same events.
 */
export function BattlePanel({ view, seat, actions, log, busy, onAct }: Props) {
  const fight = latestFight(log, view);
  const names = view.players.map((p) => p.name);
  const lands = actions.filter((a): a is ActionOf<'land'> => a.type === 'land');
  if (fight === undefined && lands.length === 0) return null;
  return (
    <section class="panel battle-panel" aria-label="Battle" data-testid="battle-panel">
      {fight === undefined ? null : <FightView view={view} fight={fight} names={names} />}
      {seat === undefined ? null : (
        <Choices view={view} seat={seat} actions={actions} busy={busy} onAct={onAct} />
      )}
    </section>
  );
}

function Choices({
  view,
  seat,
  actions,
  busy,
  onAct,
}: {
  view: GameView;
  seat: number;
  actions: readonly Action[];
  busy: boolean;
  onAct: (action: Action) => Promise<void>;
}) {
  const casualties = actions.filter(
    (a): a is ActionOf<'choose-casualties'> => a.type === 'choose-casualties',
  );
  const fightOn = actions.find((a) => a.type === 'fight-on');
  const withdraws = actions.filter((a): a is ActionOf<'withdraw'> => a.type === 'withdraw');
  const captures = actions.filter(
    (a): a is ActionOf<'capture-installations'> => a.type === 'capture-installations',
  );
  const lands = actions.filter((a): a is ActionOf<'land'> => a.type === 'land');
  // OR-6.2: the seat's leaders' ships in the space battle, each its own line.
  const battleHex =
    view.phase.name === 'individual-turns' ? view.phase.combat?.battle?.hex : undefined;
  const aboard = battleHex === undefined ? [] : leaderShipsAt(view, seat, battleHex);
  const ownShips =
    battleHex === undefined
      ? {}
      : (view.units[battleHex]?.space.find((g) => g.owner === seat)?.units ?? {});
  return (
    <div class="fight-choices">
      {casualties.length === 0 ? null : (
        <CasualtyPicker
          key={JSON.stringify(casualties)}
          options={casualties}
          busy={busy}
          onAct={onAct}
          leaderShips={aboard}
          ships={ownShips}
        />
      )}
      {fightOn === undefined && withdraws.length === 0 ? null : (
        <div class="action-buttons" data-testid="retreat-choice">
          {fightOn === undefined ? null : (
            <ActionButton action={fightOn} busy={busy} onAct={onAct}>
              Fight on
            </ActionButton>
          )}
          {aboard.length === 0 || withdraws.length === 0 ? null : (
            <p class="hint" data-testid="retreat-leader-ships">
              The whole fleet withdraws, {aboard.map((l) => l.label).join(' and ')} with it.
            </p>
          )}
          {withdraws.map((w) => (
            <ActionButton key={w.to} action={w} busy={busy} onAct={onAct} data={{ to: w.to }}>
              Withdraw to {systemName(w.to, view.galaxy)}
            </ActionButton>
          ))}
        </div>
      )}
      {captures.length === 0 ? null : (
        <div class="action-buttons" data-testid="capture-choice">
          {captures.map((c) => (
            <ActionButton
              key={String(c.capture)}
              action={c}
              busy={busy}
              onAct={onAct}
              data={{ capture: String(c.capture) }}
            >
              {c.capture
                ? 'Take the Spacedock and PDS as your own'
                : 'Leave them: they are destroyed'}
            </ActionButton>
          ))}
        </div>
      )}
      {lands.length === 0 ? null : (
        <Landing view={view} options={lands} busy={busy} onAct={onAct} />
      )}
    </div>
  );
}
