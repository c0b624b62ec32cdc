import type { Galaxy, HexKey, RaceId } from '@outer-rim/map';
import type { UnitType } from '../content/units.js';
import type { CardEffect, CardWindow, TradeAgreement } from '../cards/types.js';
import type { GameEvent } from '../events.js';
import type { GameOptions } from '../options.js';
import type { PrngState } from '../prng/prng.js';
import type { PoliticsState, PoliticsView } from '../politics/types.js';
import type { PhaseState } from './phase.js';

/**
 * The shape of a stored GameState. 2: a turn's segments carry their own
 * state (movement, combat). 3: action-card windows, card effects in force,
 * "never ask me" seats and trade agreements (BG-9, BG-11), and whatever
 * else v3 adds. 4: card windows are a stack (`outerWindows` under `window`). 5: a fight's and the
 * Political phase's BG-9 moments are steps of their own, in place of the markers of windows
 * already held. `migrateState` brings older snapshots up.
 */
export const SCHEMA_VERSION = 5;

/** 0-based seat index. */
export type Seat = number;
export type Viewer = Seat | 'spectator';

/** Minor races (OR-2.2) own units and planets but never act. */
export type MinorOwner = `minor:${RaceId}`;
export type Owner = Seat | MinorOwner;

/** Unit kinds come from the content (BG-3, OR-6.1). */
export type UnitKind = UnitType;

export type UnitCounts = Partial<Record<UnitKind, number>>;

export interface UnitGroup {
  owner: Owner;
  units: UnitCounts;
}

/** What stands in one system: ships in space, and units on each planet by name. */
export interface SystemUnits {
  space: UnitGroup[];
  planets: Record<string, UnitGroup[]>;
}

export interface PlanetState {
  hex: HexKey;
  /** null: neutral. */
  owner: Owner | null;
}

export type LeaderType = 'general' | 'admiral' | 'agent' | 'diplomat' | 'scientist';

export interface LeaderState {
  id: string;
  type: LeaderType;
  status: 'active' | 'captured' | 'killed';
  /** Where an active leader stands (OR-6.2: on a friendly planet or aboard a ship). */
  hex?: HexKey;
  planet?: string;
  /**
   * Aboard a ship of this kind at `hex` (no `planet`), Fighters included.
   * Ships are counts, so the leader's ship is one distinguished ship of its
   * kind, shared by all of the owner's leaders aboard that kind there; its
   * owner says whether it is among the ships that move or are lost, and it
   * goes or is lost anyway when all ships of its kind there do (OR-6.2,
   * leaders/README).
   */
  ship?: 'dreadnought' | 'carrier' | 'cruiser' | 'fighter';
  /** Seat holding it captive. */
  captor?: Seat;
  /**
   * OR-6.2: it rolled 6–9 as `escapingFrom` was invaded, and its owner has
   * not yet chosen which of its other planets it escapes to (off the board
   * meanwhile; leaders/escape.ts).
   */
  escapingFrom?: string;
  /** OR-6.2 Diplomat: the round it last delayed an invasion (not again in the round after). */
  delayedInRound?: number;
}

/** Everything about a player that every viewer may know. */
export interface PlayerPublic {
  name: string;
  race: RaceId;
  credits: number;
  technologies: string[];
  leaders: LeaderState[];
  /** Leaders of other seats held captive by this player (OR-6.2: +2 influence each). */
  captives: { owner: Seat; leaderId: string }[];
  /** Index on the progression chart; 0 is Warlord (BG-10). */
  bracket: number;
  /** Units bought this round, waiting off the board until Place New Units. */
  purchases: UnitCounts;
  /** Planets where a bought Spacedock will appear. */
  spacedockOrders: string[];
  /** OR-6.2: the planet where this round's Scientist's PDS will appear (leaders/scientist.ts). */
  scientistPds?: string;
  /** BG-9 Gen Synthesis: planets without a Spacedock where a bought Ground Force will appear. */
  groundForceOrders?: string[];
  /** BG-9 Integrated Economy: units each Spacedock placed at once this round (its output used). */
  placedEarly?: Record<string, number>;
  /** OR-3 extra starting credits (Tight / Squeezed seats), 0 otherwise. */
  compensation: number;
}

export interface PlayerState extends PlayerPublic {
  /** Action card ids, hidden from other seats. */
  hand: string[];
  /** Galaxy tiles dealt to this seat and not yet placed, hidden from other seats. */
  dealtTiles: string[];
}

export interface MinorRace {
  race: RaceId;
  hex: HexKey;
}

export interface GameState {
  /** Bumped when the shape changes, so stored snapshots can be migrated. */
  schemaVersion: typeof SCHEMA_VERSION;
  options: GameOptions;
  prng: PrngState;
  round: number;
  phase: PhaseState;
  galaxy: Galaxy;
  /** Seat that placed the first galaxy tile (seeded, BG-4). */
  firstSeat: Seat;
  /** Units by hex key. Hexes with nothing on them are absent. */
  units: Record<HexKey, SystemUnits>;
  /** Every planet on the board by name, with its hex and controller. */
  planets: Record<string, PlanetState>;
  players: PlayerState[];
  minorRaces: MinorRace[];
  /** Draw pile, top card first; hidden. */
  actionDeck: string[];
  actionDiscard: string[];
  /** Galaxy tiles neither dealt nor placed (the set-aside tile of 8 players); hidden. */
  tileStock: string[];
  /** OR-6.2: captors that have finished the captives step of this round's Political phase. */
  captivesDone?: { round: number; seats: Seat[] };
  /** Order of the current or last Individual Turns phase. */
  turnOrder: Seat[];
  winner: Seat | null;
  /** What happened inside createGame (dice, tiles, minor races), cut per viewer in views. */
  setupEvents: GameEvent[];
  /** BG-8: the political deck, its discards and the laws in force; absent until the first Political phase. */
  politics?: PoliticsState;
  /** BG-9: the action-card window the game waits in, if any (cards/types.ts): the top of the stack. */
  window?: CardWindow;
  /**
   * BG-9: the windows under `window`, the first opened first: each was open when a moment was
   * reached while one of its cards resolved, and goes on once the windows above it have closed.
   * Absent when only `window` (or none) is open.
   */
  outerWindows?: CardWindow[];
  /** BG-9: seats that chose "never ask me about cards": no window waits for them. */
  neverAsk: Seat[];
  /** BG-9: effects of resolved cards still in force. */
  cardEffects: CardEffect[];
  /** BG-11: active trade agreements (their cards lie face up). */
  tradeAgreements: TradeAgreement[];
}

export interface PlayerView extends PlayerPublic {
  handCount: number;
  dealtTileCount: number;
  /** Present only in the viewing seat's own entry. */
  hand?: string[];
  dealtTiles?: string[];
}

/** A GameState with every secret of other seats and of the bank removed. */
export interface GameView extends Omit<
  GameState,
  'prng' | 'players' | 'actionDeck' | 'tileStock' | 'politics'
> {
  viewer: Viewer;
  /** BG-8: the political deck's order is hidden; its size is not. */
  politics?: PoliticsView;
  players: PlayerView[];
  actionDeckCount: number;
  tileStockCount: number;
}

export type Table = GameState | GameView;
