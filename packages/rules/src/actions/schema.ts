import { z } from 'zod';
import { CARGO_TYPES, SHIP_TYPES, UNIT_TYPES } from '../content/units.js';

const seat = z.number().int().min(0).max(7);
// The unit lists are content/units.ts's, never written out again here.
/** Units bought and placed by count (Shock Forces are never bought; a Spacedock names its planet). */
const unit = z.enum(UNIT_TYPES).exclude(['shock-force', 'spacedock']);
const cardId = z.string().min(1).max(80);
const planet = z.string().min(1).max(80);
/** OR-6.2: the kinds of ship a leader may be aboard ("Any ship can hold and transport Leaders"). */
const leaderShip = z.enum(SHIP_TYPES);
/**
 * OR-6.2: the kinds among the ships an action names (moving, lost) whose
 * leaders' ship — the one of that kind with the owner's leaders aboard — is
 * among them. When all ships of a kind are named, it is among them anyway.
 */
const leaderShips = z.array(leaderShip).max(4).optional();

export const PlaceTileSchema = z.object({
  type: z.literal('place-tile'),
  tileId: z.string().min(1).max(80),
  hex: z.object({ q: z.number().int().min(-10).max(10), r: z.number().int().min(-10).max(10) }),
  rotation: z.number().int().min(0).max(5).optional(),
});

export const MakeOfferSchema = z.object({
  type: z.literal('make-offer'),
  to: seat,
  credits: z.number().int().min(0).max(100_000),
  cards: z.array(cardId).max(7),
});
export const WithdrawOfferSchema = z.object({
  type: z.literal('withdraw-offer'),
  offerId: z.number().int().min(0),
});
export const AcceptOfferSchema = z.object({
  type: z.literal('accept-offer'),
  offerId: z.number().int().min(0),
});
export const DeclineOfferSchema = z.object({
  type: z.literal('decline-offer'),
  offerId: z.number().int().min(0),
});
export const EndMarketSchema = z.object({ type: z.literal('end-market') });

export const DiscardSchema = z.object({ type: z.literal('discard'), card: cardId });

/** How many of each unit a purchase buys (at least one line). */
const basket = z
  .partialRecord(unit, z.number().int().min(1).max(100))
  .refine((b) => Object.keys(b).length > 0, 'A purchase buys at least one unit.');
export type PurchaseBasket = Partial<Record<z.infer<typeof unit>, number>>;

/**
 * BG-2 phase 7: one purchase, the whole basket (`units`: how many of each),
 * accepted or refused whole. `planet`: with Integrated Economy (BG-9) the
 * units appear at once at the Spacedock there; with Gen Synthesis one Ground
 * Force is bought for that planet without a Spacedock (one unit type).
 *
 * Logs stored before baskets carry one line (`unit`, `count`): it is read as
 * the basket of that one line, so old games replay to the same state.
 */
export const PurchaseSchema = z
  .object({
    type: z.literal('purchase'),
    units: basket.optional(),
    unit: unit.optional(),
    count: z.number().int().min(1).max(100).optional(),
    planet: planet.optional(),
  })
  .refine(
    (a) => (a.units === undefined) !== (a.unit === undefined || a.count === undefined),
    'A purchase names its units, or one unit and a count.',
  )
  .transform(
    ({
      units,
      unit: line,
      count,
      planet: at,
    }): { type: 'purchase'; units: PurchaseBasket; planet?: string } => ({
      type: 'purchase',
      units: units ?? (line === undefined ? {} : { [line]: count }),
      ...(at === undefined ? {} : { planet: at }),
    }),
  );
export const PurchaseSpacedockSchema = z.object({ type: z.literal('purchase-spacedock'), planet });
export const CancelPurchasesSchema = z.object({ type: z.literal('cancel-purchases') });
export const EndPurchaseSchema = z.object({ type: z.literal('end-purchase') });

/** A board hex as its key `"q,r"` (the engine also checks it is a canonical key on the board). */
const hex = z.templateLiteral([z.number().int(), ',', z.number().int()]);
const count = z.number().int().min(1).max(100);
const loadable = z.enum(CARGO_TYPES);

/**
 * BG-5: one Carrier-borne pick-up: `count` units taken aboard at `hex` (the
 * start or a system passed), from the mover's own group in space or from one
 * of its planets there.
 */
export const LoadSchema = z.object({
  hex,
  planet: planet.optional(),
  unit: loadable,
  count,
});

/**
 * BG-5: ships of one system move together along `path` (the hexes entered,
 * in order; the last is where they stop), with what their Carriers load.
 */
export const MoveSchema = z.object({
  type: z.literal('move'),
  from: hex,
  path: z.array(hex).min(1).max(12),
  ships: z
    .object({ dreadnought: count.optional(), carrier: count.optional(), cruiser: count.optional() })
    .strict(),
  load: z.array(LoadSchema).max(40).optional(),
  /** OR-6.2: Fighters named here are those loaded in space at `from`. */
  leaderShips,
});

/** OR-4.2: roll for one ship of this type to leave the Gravity Rift at `hex`. */
export const RiftRollSchema = z.object({
  type: z.literal('rift-roll'),
  hex,
  unit: z.enum(SHIP_TYPES).exclude(['fighter']),
});

/**
 * OR-4.2: after the roll, the ship leaves: `path` starts with the neighbour
 * across an allowed side (free) and may go on with the ship's movement.
 */
export const RiftExitSchema = z.object({
  type: z.literal('rift-exit'),
  path: z.array(hex).min(1).max(12),
  load: z.array(LoadSchema).max(40).optional(),
  /** OR-6.2: the ship leaving is its kind's leaders' ship (Fighters: those loaded in the rift). */
  leaderShips,
});

/** OR-4.2: after the roll, the ship stays in the rift (it may try again next turn). */
export const RiftStaySchema = z.object({ type: z.literal('rift-stay') });

export const EndSegmentSchema = z.object({ type: z.literal('end-segment') });
export const EndTurnSchema = z.object({ type: z.literal('end-turn') });

export const BuyTechnologySchema = z.object({
  type: z.literal('buy-technology'),
  technology: z.string().min(1).max(80),
});
export const PassTechnologySchema = z.object({ type: z.literal('pass-technology') });

/** BG-2 phase 11: `count` (1 when absent, as stored logs have it) units of one type at one dock. */
export const PlaceUnitSchema = z.object({
  type: z.literal('place-unit'),
  unit,
  planet,
  count: z.number().int().min(1).max(100).optional(),
});
export const EndPlacementSchema = z.object({ type: z.literal('end-placement') });

// BG-6 / BG-7 / OR-6.1 combat (hexes as keys "q,r", like movement).
const amount = z.number().int().min(0).max(100);

/** Units an owner loses to the hits it owes, and cargo over the capacity left (BG-6). */
export const LossesSchema = z.strictObject({
  dreadnought: amount.optional(),
  carrier: amount.optional(),
  cruiser: amount.optional(),
  fighter: amount.optional(),
  'ground-force': amount.optional(),
  'shock-force': amount.optional(),
  pds: amount.optional(),
});
export const ChooseCasualtiesSchema = z.object({
  type: z.literal('choose-casualties'),
  losses: LossesSchema,
  leaderShips,
});
/** BG-6: the attacker withdraws all its ships to an adjacent system it came from. */
export const WithdrawSchema = z.object({ type: z.literal('withdraw'), to: hex });
export const FightOnSchema = z.object({ type: z.literal('fight-on') });
/**
 * BG-7: land Ground Forces, Shock Forces and PDS from the Carriers in `hex`
 * on `planet`, with `bombard` Dreadnoughts bombarding it first (all counts
 * may be 0 except that something must happen).
 */
export const LandSchema = z.object({
  type: z.literal('land'),
  hex,
  planet,
  groundForces: amount,
  shockForces: amount,
  pds: amount,
  bombard: amount,
  /** OR-6.2: leaders aboard the lander's ships there who go down with the troops. */
  leaders: z.array(z.string().min(1).max(80)).max(3).optional(),
  /** BG-9 Graviton Negator: Fighters from space that join the invasion. */
  fighters: amount.optional(),
  /** BG-9 X-89 Bacterial Weapon: the `bombard` Dreadnoughts use it instead of bombarding. */
  bacterial: z.boolean().optional(),
});
/** OR-6.1: after a won invasion with a surviving Shock Force, take the enemy Spacedock and PDS. */
export const CaptureInstallationsSchema = z.object({
  type: z.literal('capture-installations'),
  capture: z.boolean(),
});

// BG-8 Political phase / OR-6.1 Hopes End (politics/).
/**
 * BG-8: all of the seat's influence for one side (`for` / `against`), for
 * one election target (`elect` with exactly one of player / planet / law),
 * or none at all (`abstain`): votes are never split.
 */
export const VoteSchema = z.object({
  type: z.literal('vote'),
  ballot: z.enum(['for', 'against', 'abstain', 'elect']),
  player: seat.optional(),
  planet: planet.optional(),
  law: cardId.optional(),
});
/** OR-6.2 Diplomat on Mecatol Rex: the agenda chosen from the top three political cards. */
export const PickAgendaSchema = z.object({ type: z.literal('pick-agenda'), card: cardId });
/** OR-6.1: pay 1 credit to turn one Ground Force on Hopes End into a Shock Force, or decline. */
export const HopesEndSchema = z.object({ type: z.literal('hopes-end'), convert: z.boolean() });
/** BG-1 Xxcha Veto: pay 5 credits to discard the agenda drawn, or let it stand. */
/** BG-1 Yssaril Eavesdrop: look at one player's action cards. */
export const EavesdropSchema = z.object({ type: z.literal('eavesdrop'), seat });
export const VetoAgendaSchema = z.object({ type: z.literal('veto-agenda'), veto: z.boolean() });
// BG-9 action cards and BG-11 trade agreements (cards/).
/** What a card is played on; which fields a card needs is its own rule (cards/catalogue.ts). */
export const CardTargetSchema = z.strictObject({
  seat: seat.optional(),
  other: seat.optional(),
  planet: planet.optional(),
  to: planet.optional(),
  hex: hex.optional(),
  toHex: hex.optional(),
  unit: z
    .enum([
      'dreadnought',
      'carrier',
      'cruiser',
      'fighter',
      'ground-force',
      'shock-force',
      'pds',
      'spacedock',
    ])
    .optional(),
  count: z.number().int().min(1).max(100).optional(),
  technology: z.string().min(1).max(80).optional(),
  /** OR-6.2 Spatial Jump: the leaders' Fighter is among the Fighters that jump. */
  leaderShips,
});
/** BG-9: play an action card from the hand in the open window (`card` is the instance id). */
export const PlayCardSchema = z.object({
  type: z.literal('play-card'),
  card: cardId,
  target: CardTargetSchema.optional(),
});
/** BG-9: play nothing at this moment of the window. */
export const PassCardSchema = z.object({ type: z.literal('pass-card') });
/**
 * BG-9: the seat's "never ask me about cards I cannot or will not play"
 * setting (`ask: false`); allowed at any moment, it is part of the game state.
 */
export const CardPromptsSchema = z.object({ type: z.literal('card-prompts'), ask: z.boolean() });
/** BG-11: the named partner accepts or refuses a Trade Agreement. */
export const AnswerTradeSchema = z.object({ type: z.literal('answer-trade'), accept: z.boolean() });
/** BG-11: a partner cancels an active agreement (at any time; never one with the Hacan). */
export const CancelTradeSchema = z.object({ type: z.literal('cancel-trade'), partner: seat });

// BG-9 technologies used as a choice (technology/).
/**
 * BG-9: use a technology that is a choice of its owner. Which fields it needs
 * is the technology's own rule (technology/use.ts): Spatial Jump `hex` →
 * `toHex`; Transit Diodes and Shuttle Logistics `planet` → `to`, `count`
 * Ground Forces; Strategic Mathematics `count` Cruisers from `hex` along `path`.
 */
export const UseTechnologySchema = z.object({
  type: z.literal('use-technology'),
  technology: z.string().min(1).max(80),
  hex: hex.optional(),
  toHex: hex.optional(),
  path: z.array(hex).min(1).max(12).optional(),
  planet: planet.optional(),
  to: planet.optional(),
  count: count.optional(),
  /** OR-6.2: Strategic Mathematics, the leaders' Cruiser is among the `count` moving on. */
  leaderShips,
});

// OR-6.2 leaders (leaders/).
/** OR-6.2, leaders-board segment: a leader goes aboard a ship (from its planet or another ship). */
export const BoardLeaderSchema = z.object({
  type: z.literal('board-leader'),
  leader: z.string().min(1).max(80),
  ship: leaderShip,
});
/** OR-6.2, Invasion Combat segment: a leader aboard lands on a friendly planet in its system. */
export const LandLeaderSchema = z.object({
  type: z.literal('land-leader'),
  leader: z.string().min(1).max(80),
  planet,
});
/** OR-6.2, Political phase: the captor hands a captive to a seat (its owner too) or executes it. */
export const CaptiveSchema = z.object({
  type: z.literal('captive'),
  leader: z.string().min(1).max(80),
  to: seat.optional(),
  execute: z.boolean().optional(),
});

/** OR-6.2: the owner of a leader that escaped an invaded planet chooses where it goes. */
export const EscapeLeaderSchema = z.object({
  type: z.literal('escape-leader'),
  leader: z.string().min(1).max(80),
  planet,
});
/** OR-6.2 Diplomat: its owner delays the invasion of its planet by one turn (or lets it go on). */
export const DiplomatDelaySchema = z.object({
  type: z.literal('diplomat-delay'),
  delay: z.boolean(),
});
/** OR-6.2 Diplomat: an opponent lets a fleet with a Diplomat pass its ships (or refuses). */
export const AnswerPassageSchema = z.object({
  type: z.literal('answer-passage'),
  accept: z.boolean(),
});
/** OR-6.2 Scientist: in Purchase Units, one PDS for 5 credits on a planet with a Spacedock and a Scientist. */
export const PurchaseScientistPdsSchema = z.object({
  type: z.literal('purchase-scientist-pds'),
  planet,
});

/** Every action a seat can send, as one discriminated union on `type`. */
export const ActionSchema = z.discriminatedUnion('type', [
  PlaceTileSchema,
  MakeOfferSchema,
  WithdrawOfferSchema,
  AcceptOfferSchema,
  DeclineOfferSchema,
  EndMarketSchema,
  DiscardSchema,
  PurchaseSchema,
  PurchaseSpacedockSchema,
  CancelPurchasesSchema,
  EndPurchaseSchema,
  EndSegmentSchema,
  EndTurnSchema,
  MoveSchema,
  RiftRollSchema,
  RiftExitSchema,
  RiftStaySchema,
  BuyTechnologySchema,
  PassTechnologySchema,
  PlaceUnitSchema,
  EndPlacementSchema,
  ChooseCasualtiesSchema,
  WithdrawSchema,
  FightOnSchema,
  LandSchema,
  CaptureInstallationsSchema,
  BoardLeaderSchema,
  LandLeaderSchema,
  CaptiveSchema,
  EscapeLeaderSchema,
  DiplomatDelaySchema,
  AnswerPassageSchema,
  PurchaseScientistPdsSchema,
  VoteSchema,
  PickAgendaSchema,
  HopesEndSchema,
  VetoAgendaSchema,
  EavesdropSchema,
  PlayCardSchema,
  PassCardSchema,
  CardPromptsSchema,
  AnswerTradeSchema,
  CancelTradeSchema,
  UseTechnologySchema,
]);

export type Action = z.infer<typeof ActionSchema>;
export type ActionType = Action['type'];
export type ActionOf<T extends ActionType> = Extract<Action, { type: T }>;
export type Losses = z.infer<typeof LossesSchema>;
export type Load = z.infer<typeof LoadSchema>;
export type CardTargetInput = z.infer<typeof CardTargetSchema>;
export type PurchasableUnit = z.infer<typeof unit>;
export const PURCHASABLE_UNITS = unit.options;
