import type { Action } from './actions/schema.js';
import { ownerName } from './cards/names.js';
import { applyWindow, windowDecisions, windowLegal } from './cards/window.js';
import { diplomatDecisions, diplomatLegal } from './leaders/diplomat.js';
import { passageDecisions, passageLegal } from './movement/passage.js';
import type { Decision } from './decision.js';
import { ruleError, type RuleError } from './errors.js';
import { applyEscape, escapeDecisions, escapeLegal } from './leaders/escape.js';
import type { Consent, Frame } from './pending.js';
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

type ConsentFrame = Extract<Frame, { kind: 'consent' }>;

/** The answer each consent waits for (the one action its frame takes). */
const ANSWER: { readonly [K in Consent['asks']]: Action['type'] } = {
  'trade-agreement': 'answer-trade',
  'diplomat-delay': 'diplomat-delay',
  'diplomat-passage': 'answer-passage',
};

/** Why anything but the answer waits, in words naming the rule that asks. */
export function consentRefusal(t: Table, c: Consent): RuleError {
  const who = c.seats.map((s) => ownerName(t, s)).join(' and ');
  const what: { readonly [K in Consent['asks']]: string } = {
    'trade-agreement': `${ownerName(t, c.from)}'s Trade Agreement waits for ${who}'s answer`,
    'diplomat-delay': `${ownerName(t, c.from)}'s landing waits for ${who} to say whether their Diplomat delays it`,
    'diplomat-passage': `${ownerName(t, c.from)}'s fleet waits for ${who} to let it pass or refuse`,
  };
  return {
    ...ruleError(
      'NOT_YOUR_DECISION',
      `${what[c.asks]} (${c.rule}): nothing else goes on until then.`,
      {
        awaited: ANSWER[c.asks],
      },
    ),
    rule: c.rule,
  };
}

/** The turn the consent of a Diplomat waits in (its question is part of that turn's step). */
function turn(t: Table) {
  const phase = t.phase;
  if (phase.name !== 'individual-turns') throw new Error('a Diplomat is asked only in a turn');
  return phase;
}

/**
 * BG-11 / OR-6.2: one frame for every yes/no question to another seat. Its answer goes back to
 * what asked it: the card window the Trade Agreement was played in (cards/window.ts goes on), the
 * landing the Diplomat may delay and the move asking passage (the turn's segment goes on).
 */
const CONSENT_FRAME: FrameRules<ConsentFrame> = {
  decisions: (t, f) => {
    switch (f.consent.asks) {
      case 'trade-agreement':
        return windowDecisions(t);
      case 'diplomat-delay':
        return diplomatDecisions(t, turn(t));
      case 'diplomat-passage':
        return passageDecisions(t, turn(t));
    }
  },
  legal: (t, f, seat) => {
    switch (f.consent.asks) {
      case 'trade-agreement':
        return windowLegal(t, seat);
      case 'diplomat-delay':
        return diplomatLegal(turn(t), seat);
      case 'diplomat-passage':
        return passageLegal(turn(t), seat);
    }
  },
  apply: (d, f, seat, a) => {
    if (a.type !== ANSWER[f.consent.asks]) return consentRefusal(d.s, f.consent);
    if (f.consent.asks === 'trade-agreement') return applyWindow(d, seat, a);
    const phase = turn(d.s);
    return phaseRules(phase).apply(d, phase, seat, a);
  },
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
  // BG-11, OR-6.2: a yes/no question to another seat.
  consent: CONSENT_FRAME,
  // BG-9 (cards/window.ts): play a card or pass.
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
