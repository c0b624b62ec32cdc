export * from './content/index.js';
export { ActionSchema, PURCHASABLE_UNITS } from './actions/schema.js';
export type {
  Action,
  ActionOf,
  ActionType,
  Load,
  CardTargetInput,
  Losses,
  PurchasableUnit,
  PurchaseBasket,
} from './actions/schema.js';
export type {
  BattleStep,
  CombatState,
  Invasion,
  InvasionStep,
  OwedHits,
  SpaceBattle,
} from './combat/types.js';
export { apply } from './apply.js';
export { landingOptions } from './combat/landing.js';
export type { LandingOption } from './combat/landing.js';
export type { ApplyResult } from './apply.js';
export { ACTION_DECISION } from './decision.js';
export type { Decision, DecisionKind } from './decision.js';
export { decisions, decisionsOf, isGameOver } from './decisions.js';
export { ERROR_CODES, GameSetupError } from './errors.js';
export type { ErrorCode, RuleError } from './errors.js';
export type { EventType, GameEvent } from './events.js';
export { legalActions } from './legal-actions.js';
export { GameOptionsSchema, LobbyOptionsSchema, gameOptionsFromLobby } from './options.js';
export type {
  GameOptions,
  GameOptionsInput,
  LobbyOptions,
  LobbyOptionsInput,
  SeatChoice,
} from './options.js';
export { movementOptions } from './movement/options.js';
export { passageOptions, type PassageOption } from './movement/passage.js';
export { agentLeader, isAgentCard } from './leaders/agent.js';
export type {
  Destination,
  LoadSource,
  MovementOptions,
  ShipGroupOptions,
  SystemMoveOptions,
} from './movement/options.js';
export { EMPTY_MOVEMENT, LOADABLE_UNITS, MOVING_SHIPS } from './movement/types.js';
export type { LoadableUnit, MovementState, MovingShip, RiftPending } from './movement/types.js';
export { SEGMENT_RULES } from './phases/turn-segments.js';
export { technologyPrice } from './phases/technology.js';
export { basketLines, sponsorshipLeft } from './phases/purchase-units.js';
export type { SegmentRules } from './phases/turn-segments.js';
export { replay } from './replay.js';
export { createGame } from './setup/create-game.js';
export { ROUND_PHASES, TURN_SEGMENTS } from './state/phase.js';
export type {
  Offer,
  PhaseName,
  PhaseState,
  RoundPhase,
  TurnSegment,
  TurnsPhase,
} from './state/phase.js';
export { StateMigrationError, migrateState } from './state/migrate.js';
export type { MigrationCode } from './state/migrate.js';
export { SCHEMA_VERSION } from './state/types.js';
export { RULES_VERSION } from './rules-version.js';
export type {
  GameState,
  GameView,
  LeaderState,
  MinorOwner,
  Owner,
  PlanetState,
  PlayerPublic,
  PlayerState,
  PlayerView,
  Seat,
  SystemUnits,
  Table,
  UnitCounts,
  UnitGroup,
  UnitKind,
  Viewer,
} from './state/types.js';
export { influenceOf, incomeOf, resourcesOf } from './state/economy.js';
export { describeEvent, unitList } from './views/describe.js';
// OR-6.2 leaders: names for the board, the panels and the log.
export { leaderName, parseLeaderId } from './leaders/names.js';
// OR-6.2: a leader's ship as its own line in the move, retreat and casualty forms.
export { leaderShipsAt, type LeaderShipLine } from './leaders/aboard.js';
export { eventsFor } from './views/events-for.js';
export { sharedView, view, viewerPart } from './views/view.js';
export type { SharedView, ViewerPart } from './views/view.js';
// What the views' diff and hash work out by an object's identity is kept beside the object too.
export { HiddenSlot } from './state/hidden-slot.js';
export type { BotPolicy } from './bots/policy.js';
export { seededRandom } from './bots/policy.js';
export { randomBot } from './bots/random-bot.js';
export type { RandomBotOptions } from './bots/random-bot.js';
export { heuristicBot } from './bots/heuristic-bot.js';
// What a player reads for what the engine keeps by id.
export { unitCost } from './state/economy.js';
export { gameOverReason, segmentName } from './views/describe.js';
export { phaseName } from './views/names.js';
export { riftRollWords } from './movement/rift-words.js';
export { RULE_LINES, ruleIdOf, whyNot } from './views/why-not.js';
export { whyNotThere, type WhyNotThere } from './views/why-not-there.js';
export { ACTION_RULE } from './actions/action-rules.js';
export { cardName, systemName, techName, tileName } from './views/names.js';
export { gameOverText, winReasonText, winnersOf, winnersWords } from './phases/progression.js';
// BG-8 Political phase and OR-6.1 Hopes End (politics/).
export { diplomatPicker } from './politics/agenda.js';
export { agendaOptions } from './politics/vote.js';
export { hopesEndOwner } from './politics/hopes-end.js';
export { cardOf as politicalCardOf, lawsInForce } from './politics/laws.js';
export { voteBarredReason } from './politics/isolation.js';
export { HOPES_END, MECATOL_REX } from './politics/names.js';
export { tieDecider, votingOrder } from './politics/vote.js';
export { choiceName, politicalCardName } from './views/describe.js';
export type {
  Ballot,
  ElectionTarget,
  LawInForce,
  PoliticalPhase,
  PoliticsState,
  PoliticsView,
} from './politics/types.js';
// BG-9 action cards and BG-11 trade agreements.
export type {
  CardEffect,
  CardTarget,
  CardWindow,
  PlayedCard,
  TradeAgreement,
  TradeProposal,
  WindowTrigger,
} from './cards/types.js';
export { finality, planUndo, undoLines } from './undo.js';
export type { UndoPlan, UndoRefusal, UndoStep } from './undo.js';
