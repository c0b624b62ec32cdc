import type { Anomaly } from '@outer-rim/map';
import type { TechColour } from './tech-colours.js';
import type { UnitType } from './units.js';

/** Which combats a modifier applies to. */
export type CombatScope = 'space-battle' | 'invasion-combat' | 'any';

/**
 * Machine-readable form of the simple racial abilities and technologies, so
 * the engine can apply them without parsing text. Anything that does not fit
 * one of these shapes stays text only and the engine implements it by id.
 * Modifiers are added to the die roll: +1 makes a unit hit more often.
 */
export type Effect =
  | {
      readonly kind: 'combat-modifier';
      readonly units: readonly UnitType[] | 'all';
      readonly value: number;
      readonly scope: CombatScope;
    }
  | { readonly kind: 'move-modifier'; readonly units: readonly UnitType[]; readonly value: number }
  | { readonly kind: 'extra-action-card-draw'; readonly count: number }
  | { readonly kind: 'unit-cost'; readonly unit: UnitType; readonly cost: number }
  | {
      readonly kind: 'technology-cost';
      /** Colours the price applies to; with `except`, every other colour. */
      readonly colours: readonly TechColour[];
      readonly except?: true;
      readonly cost: number;
    }
  | {
      /** Buy a technology another player already owned before the phase began. */
      readonly kind: 'known-technology-cost';
      readonly cost: number;
    }
  | { readonly kind: 'anomaly-pass-through'; readonly anomaly: Anomaly }
  | { readonly kind: 'anomaly-immunity'; readonly anomaly: Anomaly }
  | { readonly kind: 'influence-per-planet-outside-home'; readonly value: number }
  | { readonly kind: 'influence-per-trade-agreement'; readonly value: number }
  | { readonly kind: 'credits-per-trade-agreement'; readonly value: number }
  | { readonly kind: 'resources-per-planet'; readonly value: number }
  | { readonly kind: 'influence-per-spacedock'; readonly value: number };
