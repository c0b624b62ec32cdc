import { z } from 'zod';

const seat = z.number().int().min(0).max(7);
const unit = z.enum(['dreadnought', 'carrier', 'cruiser', 'fighter', 'ground-force', 'pds']);
const cardId = z.string().min(1).max(80);
const planet = z.string().min(1).max(80);

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

export const PurchaseSchema = z.object({
  type: z.literal('purchase'),
  unit,
  count: z.number().int().min(1).max(100),
});
export const PurchaseSpacedockSchema = z.object({ type: z.literal('purchase-spacedock'), planet });
export const CancelPurchasesSchema = z.object({ type: z.literal('cancel-purchases') });
export const EndPurchaseSchema = z.object({ type: z.literal('end-purchase') });

export const EndSegmentSchema = z.object({ type: z.literal('end-segment') });
export const EndTurnSchema = z.object({ type: z.literal('end-turn') });

export const BuyTechnologySchema = z.object({
  type: z.literal('buy-technology'),
  technology: z.string().min(1).max(80),
});
export const PassTechnologySchema = z.object({ type: z.literal('pass-technology') });

export const PlaceUnitSchema = z.object({ type: z.literal('place-unit'), unit, planet });
export const EndPlacementSchema = z.object({ type: z.literal('end-placement') });

// BG-6 / BG-7 / OR-6.1 combat.
const hex = z.object({
  q: z.number().int().min(-10).max(10),
  r: z.number().int().min(-10).max(10),
});
const count = z.number().int().min(0).max(100);

/** Units an owner loses to the hits it owes, and cargo over the capacity left (BG-6). */
export const LossesSchema = z.strictObject({
  dreadnought: count.optional(),
  carrier: count.optional(),
  cruiser: count.optional(),
  fighter: count.optional(),
  'ground-force': count.optional(),
  'shock-force': count.optional(),
  pds: count.optional(),
});
export const ChooseCasualtiesSchema = z.object({
  type: z.literal('choose-casualties'),
  losses: LossesSchema,
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
  groundForces: count,
  shockForces: count,
  pds: count,
  bombard: count,
});
/** OR-6.1: after a won invasion with a surviving Shock Force, take the enemy Spacedock and PDS. */
export const CaptureInstallationsSchema = z.object({
  type: z.literal('capture-installations'),
  capture: z.boolean(),
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
  BuyTechnologySchema,
  PassTechnologySchema,
  PlaceUnitSchema,
  EndPlacementSchema,
  ChooseCasualtiesSchema,
  WithdrawSchema,
  FightOnSchema,
  LandSchema,
  CaptureInstallationsSchema,
]);

export type Action = z.infer<typeof ActionSchema>;
export type ActionType = Action['type'];
export type ActionOf<T extends ActionType> = Extract<Action, { type: T }>;
export type Losses = z.infer<typeof LossesSchema>;
export type PurchasableUnit = z.infer<typeof unit>;
export const PURCHASABLE_UNITS = unit.options;
