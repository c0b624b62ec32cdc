import type { Action } from './actions/schema.js';
import { applyWindow, windowDecisions, windowLegal } from './cards/window.js';
import type { Decision } from './decision.js';
import { ruleError, type RuleError } from './errors.js';
import { applyEscape, escapeDecisions, escapeLegal } from './leaders/escape.js';
import type { Frame } from './pending.js';
import { applyDraw, drawDecisions, drawLegal } from './phases/draw-action-cards.js';
import { applyTurn, turnDecisions, turnLegal } from './phases/individual-turns.js';
import { applyMarket, marketDecisions, marketLegal } from './phases/market.js';
import { applyPlace, placeDecisions, placeLegal } from './phases/place-new-units.js';
import { applyPolitical, politicalDecisions, politicalLegal } from './phases/political.js';
import { applyPurchase, purchaseDecisions, purchaseLegal } from './phases/purchase-units.js';
import { applyTechnology, technologyDecisions, technologyLegal } from './phases/technology.js';
import { applyBuilding, buildingDecisions, buildingLegal } from './setup/galaxy-building.js';
import type { Draft } from './state/draft.js';
import type { PhaseName, PhaseState } from './state/phase.js';
import type { Seat, Table } from './state/types.js';

/**
 * The rules of each frame the game may wait on (pending.ts): who owes a decision, what a seat
 * may do, and how an action answers it. One entry per frame kind and per round phase; a new
 * kind of decision adds its frame to pending.ts and its entry here.
 */
export interface FrameRules<F> {
  decisions(t: Table, frame: F): Decision[];
  legal(t: Table, frame: F, seat: Seat): Action[];
  apply(d: Draft, frame: F, seat: Seat, a: Action): RuleError | null;
}

type PhaseOf<N extends PhaseName> = Extract<PhaseState, { name: N }>;

const PHASE_RULES: { readonly [N in PhaseName]: FrameRules<PhaseOf<N>> } = {
  'galaxy-building': { decisions: buildingDecisions, legal: buildingLegal, apply: applyBuilding },
  market: { decisions: marketDecisions, legal: marketLegal, apply: applyMarket },
  'draw-action-cards': {
    decisions: (t) => drawDecisions(t),
    legal: (t, _phase, seat) => drawLegal(t, seat),
    apply: (d, _phase, seat, a) => applyDraw(d, seat, a),
  },
  'purchase-units': { decisions: purchaseDecisions, legal: purchaseLegal, apply: applyPurchase },
  'individual-turns': { decisions: turnDecisions, legal: turnLegal, apply: applyTurn },
  political: { decisions: politicalDecisions, legal: politicalLegal, apply: applyPolitical },
  technology: {
    decisions: technologyDecisions,
    legal: technologyLegal,
    apply: applyTechnology,
  },
  'place-new-units': { decisions: placeDecisions, legal: placeLegal, apply: applyPlace },
  'game-over': {
    decisions: () => [],
    legal: () => [],
    apply: () => ruleError('GAME_OVER', 'The game is over.'),
  },
};

/** The rules of the phase `phase` names (one lookup: the table is keyed by the same name). */
function phaseRules(phase: PhaseState): FrameRules<PhaseState> {
  return PHASE_RULES[phase.name];
}

const PHASE_FRAME: FrameRules<Extract<Frame, { kind: 'phase' }>> = {
  decisions: (t, f) => phaseRules(f.phase).decisions(t, f.phase),
  legal: (t, f, seat) => phaseRules(f.phase).legal(t, f.phase, seat),
  apply: (d, f, seat, a) => phaseRules(f.phase).apply(d, f.phase, seat, a),
};

const FRAME_RULES: { readonly [K in Frame['kind']]: FrameRules<Extract<Frame, { kind: K }>> } = {
  // OR-6.2 (leaders/escape.ts): its owner places the escaping leader.
  escape: {
    decisions: (t) => escapeDecisions(t),
    legal: (t, _f, seat) => escapeLegal(t, seat),
    apply: (d, _f, seat, a) =>
      a.type === 'escape-leader'
        ? applyEscape(d, seat, a)
        : ruleError('NOT_YOUR_DECISION', 'A leader escaping an invaded planet is placed first.'),
  },
  // BG-9 / BG-11 (cards/window.ts): play a card or pass; answer a Trade Agreement.
  'card-window': {
    decisions: (t) => windowDecisions(t),
    legal: (t, _f, seat) => windowLegal(t, seat),
    apply: (d, _f, seat, a) => applyWindow(d, seat, a),
  },
  phase: PHASE_FRAME,
};

/** The rules of `frame` (one lookup: the table is keyed by the frame's kind). */
export function frameRules(frame: Frame): FrameRules<Frame> {
  return FRAME_RULES[frame.kind];
}
