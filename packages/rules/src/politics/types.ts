import type { Seat } from '../state/types.js';

/**
 * BG-8 state kept from round to round. Absent in games stored before the
 * Political phase existed: the deck is shuffled the first time a Political
 * phase needs it (`enterPolitical` in phases/political.ts, from
 * `politicalDeck` in content/political-cards.ts), so such games need no
 * migration.
 */
export interface PoliticsState {
  /** Draw pile of political card instances (`revote#2`), top first; hidden in views. */
  deck: string[];
  discard: string[];
  laws: LawInForce[];
}

/** What every viewer may know of the political cards: the pile's size, not its order. */
export interface PoliticsView {
  deckCount: number;
  discard: string[];
  laws: LawInForce[];
}

/** The target an election chose (BG-8): a player, a planet, or a law in force (its card instance). */
export type ElectionTarget = { player: Seat } | { planet: string } | { law: string };

/** A law (or a lasting election result) in force. */
export interface LawInForce {
  /** Card instance id, e.g. `long-term-truce#1`. */
  card: string;
  /** Round of the Political phase that passed it. */
  since: number;
  /** First round in which it is no longer in force (cards with a duration); absent: for good. */
  expires?: number;
  elected?: { player: Seat } | { planet: string };
}

/** One seat's vote: all its influence for one side or target, or none (BG-8: all or nothing). */
export interface Ballot {
  seat: Seat;
  /** `abstain`, `for` / `against` on a law or one-shot, or a target key (`player:2`, `planet:Jord`, `law:revote#1`) in an election. */
  choice: string;
  votes: number;
}

/**
 * Where the Political phase stands (BG-8), its steps in order. A BG-9 moment opens its card window
 * as the phase moves on to the step after it, so the phase goes on from that step once the window
 * has closed:
 * - `before-agenda`: the steps that come before the card is drawn (OR-6.2
 *   captives) — `hook` indexes `BEFORE_AGENDA` in phases/political.ts; the moment "before the
 *   draw" (Council Dissolved, Determine Policy) follows them;
 * - `draw`: the agenda is drawn (or Council Dissolved holds no vote);
 * - `pick-agenda`: a Diplomat's owner on Mecatol Rex picks the agenda from
 *   `choices` (the top three, seen only by `picker`);
 * - `revealed`: the card is on the table: the moment of "the political card just revealed"
 *   (Veto) follows, but not for a Revote's second vote;
 * - `veto`: the Xxcha may veto the card (BG-1), or let it stand;
 * - `before-vote`: the moment before the vote;
 * - `vote`: seats vote one at a time in `order`, least influence first; the moment after the
 *   votes follows the last ballot;
 * - `count`: the votes are counted and the card takes effect (a Revote opens a second vote);
 * - `tie`: the vote is tied (or nobody voted): `decider`, the most
 *   influential player, chooses among `tied`;
 * - `resolved`: the card is resolved; only the Hopes End choice may remain.
 * `hopesEnd` is the seat owed the OR-6.1 Hopes End conversion (politics/hopes-end.ts), until it
 * converts or declines.
 */
export interface PoliticalPhase {
  name: 'political';
  step:
    | 'before-agenda'
    | 'draw'
    | 'pick-agenda'
    | 'revealed'
    | 'veto'
    | 'before-vote'
    | 'vote'
    | 'count'
    | 'tie'
    | 'resolved';
  hook: number;
  picker?: Seat;
  choices?: string[];
  /** Card instance on the table (absent before it is drawn). */
  agenda?: string;
  /** Revote: the law in force voted on again (the agenda is then that law's card). */
  revoteOf?: string;
  order: Seat[];
  ballots: Ballot[];
  decider?: Seat;
  tied?: string[];
  hopesEnd?: Seat;
  /** BG-1 Xxcha Veto: used this phase (one per Political phase). */
  xxchaVetoed?: true;
  /** BG-1 Yssaril Eavesdrop: taken this phase (one look per Political phase). */
  eavesdropped?: true;
}
