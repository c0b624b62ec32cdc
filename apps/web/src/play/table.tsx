import { planetByName, type HexKey } from '@outer-rim/map';
import {
  decisions,
  gameOverText,
  isGameOver,
  leaderShipsAt,
  legalActions,
  passageOptions,
  phaseName,
  PURCHASABLE_UNITS,
  segmentName,
  TECHNOLOGIES,
  technologyPrice,
  unitCost,
  sponsorshipLeft,
  systemName,
  type Action,
  type Decision,
  type GameView,
} from '@outer-rim/rules';
import { useMemo, useState } from 'preact/hooks';
import { Board } from '../board/board';
import { unread, type Channel, type ChatState, type SpectatorLine } from './chat';
import { ChatPanel } from './chat-panel';
import { legalHexes } from './action-groups';
import type { WordsContext } from './action-words';
import { DecisionPanel } from './decision-panel';
import type { PanelProps } from './panel-props';
import { Icon } from '../ui/icons';
import type { LogEntry } from './live-game';
import type { SeatRecord } from '../net/protocol';
import { LogPanel } from './log-panel';
import { PlayersPanel } from './players-panel';
import { BATTLE_ACTIONS, BattlePanel } from './battle/battle-panel';
import { MOVE_ACTIONS, useMoveUi } from './movement/move-panel';
import { LawsPanel, PoliticsPanel } from './politics/politics-panel';
import { CARD_ACTIONS, CardsPanel } from './cards/cards-panel';
import { POLITICS_ACTIONS } from './politics/politics';
import { hexesFor, placeableTiles, placementAt } from './tile-placement';
import { TilePicker } from './tile-picker';

export interface TableProps {
  readonly view: GameView;
  /** The last sequence number applied (tests and the curious read it from the DOM). */
  readonly seq: number;
  readonly seat: number | undefined;
  readonly log: readonly LogEntry[];
  readonly chat: ChatState;
  readonly onAct: (action: Action) => Promise<string | undefined>;
  readonly onOpenChannel: (channel: Channel) => void;
  readonly onChat: (text: string, to: number | undefined) => Promise<string | undefined>;
  /** Which seats have their player connected now. */
  readonly presence?: readonly boolean[] | undefined;
  /** The lobby record's seats (bots, seats played by a bot while away). */
  readonly seats?: readonly SeatRecord[] | undefined;
  /** The spectators' channel, when this viewer may read it. */
  readonly spectators?: readonly SpectatorLine[] | undefined;
  readonly onSendSpectator?: (name: string, text: string) => Promise<string | undefined>;
}

/** The game as one seat (or a spectator) sees it: board, what to decide, players, log and talk. */
export function Table({
  view,
  seq,
  seat,
  log,
  chat,
  onAct,
  onOpenChannel,
  onChat,
  presence,
  seats,
  spectators,
  onSendSpectator,
}: TableProps) {
  const names = useMemo(() => view.players.map((p) => p.name), [view]);
  const waiting = useMemo(() => decisions(view), [view]);
  const actions = useMemo(() => (seat === undefined ? [] : legalActions(view, seat)), [view, seat]);
  const over = isGameOver(view);
  const [selectedHex, setSelectedHex] = useState<HexKey | undefined>(undefined);
  const [chosenTile, setChosenTile] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [tab, setTab] = useState<'log' | 'chat'>('log');

  // BG-9: while an action-card window waits for other seats, nothing else may be done yet.
  const held = cardWindowHold(view, seat, waiting);
  const move = useMoveUi({
    view,
    seat,
    actions,
    busy: busy || held !== undefined,
    onAct: async (action) => {
      await act(action);
    },
  });
  // OR-6.2: moves through other players' ships with a Diplomat are asked for by name in the list.
  const passages = useMemo(
    () => (seat === undefined ? [] : passageOptions(view, seat)),
    [view, seat],
  );
  // Fleet moves and fight choices have panels of their own; the generic list keeps the rest.
  const generic = useMemo(() => {
    const asking = new Set(passages.map((p) => JSON.stringify(p.move)));
    return actions.filter(
      (a) =>
        !BATTLE_ACTIONS.has(a.type) &&
        !POLITICS_ACTIONS.has(a.type) &&
        !CARD_ACTIONS.has(a.type) &&
        !(move.active && MOVE_ACTIONS.has(a.type) && !asking.has(JSON.stringify(a))),
    );
  }, [actions, move.active, passages]);
  const placeable = placeableTiles(actions);
  const tile = chosenTile !== undefined && placeable.includes(chosenTile) ? chosenTile : undefined;
  const highlighted =
    tile !== undefined
      ? hexesFor(actions, tile)
      : move.active
        ? (move.highlighted ?? new Set<HexKey>())
        : legalHexes(actions);
  const dealt = seat === undefined ? undefined : view.players[seat]?.dealtTiles;

  const act = async (action: Action) => {
    setBusy(true);
    setError(undefined);
    const failure = await onAct(action);
    setBusy(false);
    setError(failure);
    if (failure === undefined) {
      setSelectedHex(undefined);
      setChosenTile(undefined);
    }
  };

  const panel: PanelProps = {
    view,
    seat,
    actions,
    busy,
    onAct: act,
  };

  const onSelect = (key: HexKey) => {
    if (move.onHex(key)) return;
    if (tile !== undefined) {
      const placement = placementAt(actions, tile, key);
      if (placement !== undefined) {
        void act(placement);
        return;
      }
    }
    setSelectedHex(key === selectedHex ? undefined : key);
  };

  const active = waiting.map((d) => d.seat);
  const channels: Channel[] = [
    'table',
    ...names.map((_, other) => other).filter((o) => o !== seat),
  ];
  const unreadChat = tab !== 'chat' && channels.some((channel) => unread(chat, channel, seat) > 0);

  return (
    <div class="table" data-seq={seq}>
      <div class="table-main">
        <StatusLine view={view} seat={seat} names={names} />
        <Board
          view={view}
          highlighted={highlighted}
          selected={move.from ?? selectedHex}
          route={move.route}
          marked={move.marked}
          onSelect={onSelect}
          names={names}
          seat={seat}
          whyNot={move.active ? move.whyNot : undefined}
          moveThere={move.active ? move.moveThere : undefined}
        />
      </div>
      <div class="table-side">
        {dealt === undefined || view.phase.name !== 'galaxy-building' ? null : (
          <TilePicker
            dealt={dealt}
            placeable={placeable}
            chosen={tile}
            onChoose={(id) => {
              setChosenTile(id === tile ? undefined : id);
            }}
          />
        )}
        {held === undefined ? null : (
          <p class="prompt other" role="status" data-testid="card-hold">
            {held}
          </p>
        )}
        {move.panel}
        <BattlePanel {...panel} log={log} />
        <PoliticsPanel {...panel} log={log} />
        <CardsPanel {...panel} />
        <DecisionPanel
          decisions={waiting}
          seat={seat}
          actions={generic}
          names={names}
          selectedHex={selectedHex}
          onClearHex={() => {
            setSelectedHex(undefined);
          }}
          onAct={act}
          busy={busy}
          error={error}
          over={over}
          context={{
            ...wordsContext(view, seat),
            passages,
            landings: landingSystems(view, actions),
          }}
        />
        <PlayersPanel view={view} seat={seat} active={active} presence={presence} seats={seats} />
        <LawsPanel view={view} />
        {/* The log and the talk keep their place at the foot of the side column (table-layout.css). */}
        <div class="side-talk">
          <nav class="side-tabs">
            <button
              type="button"
              class={tab === 'log' ? 'open' : ''}
              onClick={() => {
                setTab('log');
              }}
            >
              Log
            </button>
            <button
              type="button"
              class={tab === 'chat' ? 'open' : ''}
              data-testid="chat-tab"
              onClick={() => {
                setTab('chat');
              }}
            >
              Table talk{unreadChat ? <Icon name="dot" label="unread" /> : null}
            </button>
          </nav>
          {tab === 'log' ? (
            <LogPanel log={log} names={names} galaxy={view.galaxy} />
          ) : (
            <ChatPanel
              chat={chat}
              me={seat}
              names={names}
              onOpen={onOpenChannel}
              onSend={onChat}
              spectators={spectators}
              {...(onSendSpectator === undefined ? {} : { onSendSpectator })}
            />
          )}
        </div>
      </div>
    </div>
  );
}

/** The seat's Spacedocks on the board, with the new units each may place (its resources). */
function docksOf(view: GameView, seat: number): { planet: string; capacity: number }[] {
  const out: { planet: string; capacity: number }[] = [];
  for (const [planet, where] of Object.entries(view.planets)) {
    if (where.owner !== seat) continue;
    const groups = view.units[where.hex]?.planets[planet] ?? [];
    const docked = groups.some((g) => g.owner === seat && (g.units.spacedock ?? 0) > 0);
    if (docked) out.push({ planet, capacity: planetByName(planet)?.planet.resources ?? 0 });
  }
  return out;
}

/**
 * BG-9: an action-card window open for other seats holds everything else of this seat (the
 * server answers any other action NOT_YOUR_DECISION): the words that say whom it waits for.
 */
function cardWindowHold(
  view: GameView,
  seat: number | undefined,
  waiting: readonly Decision[],
): string | undefined {
  if (seat === undefined || view.window === undefined) return undefined;
  const asked = [
    ...new Set(waiting.filter((d) => d.kind === 'card' && d.seat !== seat).map((d) => d.seat)),
  ];
  if (asked.length === 0 || waiting.some((d) => d.seat === seat && d.kind === 'card'))
    return undefined;
  const who = asked.map((s) => view.players[s]?.name ?? `Seat ${s + 1}`).join(' and ');
  return `Waiting for ${who} to play or pass an action card; your other choices wait until then (BG-9).`;
}

/** BG-7: the systems named by the seat's legal landings, once each. */
function landingSystems(view: GameView, actions: readonly Action[]): string[] {
  const hexes = new Set<HexKey>();
  for (const a of actions) if (a.type === 'land') hexes.add(a.hex);
  return [...hexes].map((hex) => systemName(hex, view.galaxy));
}

function wordsContext(view: GameView, seat: number | undefined): WordsContext {
  const phase = view.phase;
  const player = seat === undefined ? undefined : view.players[seat];
  const mine: WordsContext =
    seat === undefined || player === undefined
      ? { galaxy: view.galaxy }
      : {
          galaxy: view.galaxy,
          credits: player.credits,
          ...(player.hand === undefined ? {} : { hand: player.hand }),
          purchases: player.purchases,
          ...(player.groundForceOrders === undefined
            ? {}
            : { groundForceOrders: player.groundForceOrders }),
          docks: docksOf(view, seat),
          sponsorship: sponsorshipLeft(view, seat),
          unitCosts: Object.fromEntries(
            PURCHASABLE_UNITS.map((unit) => [unit, unitCost(view, seat, unit) ?? 0]),
          ),
        };
  if (phase.name === 'technology' && seat !== undefined)
    return {
      ...mine,
      techPrices: Object.fromEntries(
        TECHNOLOGIES.map((t) => [t.id, technologyPrice(view, seat, t.id) ?? t.cost]),
      ),
    };
  if (phase.name === 'market') return { ...mine, offers: phase.offers };
  if (phase.name === 'place-new-units' && seat !== undefined)
    return {
      ...mine,
      dockRoom: Object.fromEntries(
        docksOf(view, seat).map((d) => [d.planet, d.capacity - (phase.used[d.planet] ?? 0)]),
      ),
    };
  if (phase.name === 'individual-turns')
    return {
      ...mine,
      segment: phase.segment,
      ...(seat === undefined
        ? {}
        : {
            leaderShipLabel: (hex: HexKey, kind: string) =>
              leaderShipsAt(view, seat, hex).find((l) => l.kind === kind)?.label,
          }),
    };
  return mine;
}

const PHASE_WORDS: Record<string, string> = {
  'galaxy-building': 'Galaxy building',
  market: 'Market phase',
  'draw-action-cards': 'Draw Action Cards phase',
  'purchase-units': 'Purchase Units phase',
  'individual-turns': 'Individual Turns',
  technology: 'Technology phase',
  'place-new-units': 'Place New Units phase',
  'game-over': 'Game over',
};

function StatusLine({
  view,
  seat,
  names,
}: {
  view: GameView;
  seat: number | undefined;
  names: readonly string[];
}) {
  const phase = view.phase;
  // An action-card window at the start of a phase belongs to that phase (BG-9): name it.
  const opening =
    view.window?.trigger.kind === 'phase-start' ? view.window.trigger.phase : undefined;
  const current = opening ?? phase.name;
  const words = `${PHASE_WORDS[current] ?? phaseName(current)}${opening === undefined ? '' : ', action cards first'}`;
  const detail =
    phase.name === 'individual-turns' && opening === undefined
      ? ` — ${names[phase.active] ?? ''}'s turn, ${segmentName(phase.segment)} segment`
      : phase.name === 'game-over'
        ? ` — ${gameOverText(view)}`
        : '';
  return (
    <p class="status-line" data-testid="status-line">
      {view.round > 0 ? `Round ${view.round} · ` : ''}
      {words}
      {detail}
      {seat === undefined ? ' · watching as a spectator' : ` · you are ${names[seat] ?? ''}`}
    </p>
  );
}
