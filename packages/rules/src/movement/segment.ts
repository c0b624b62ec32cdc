import type { SegmentRules } from '../phases/turn-segments.js';

/** BG-5 Movement segment, with OR-4.1 Nebula and OR-4.2 Gravity Rift. */
export const MOVEMENT_SEGMENT: SegmentRules = {};
