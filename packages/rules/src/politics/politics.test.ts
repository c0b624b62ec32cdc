import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { influenceOf } from '../state/economy.js';
import type { GameState } from '../state/types.js';
import { setOwner, ofType } from '../testing/battle.js';
import { deepFreeze, withPlayer } from '../testing/fixtures.js';
import {
  ABSTAIN,
  AGAINST,
  FOR,
  councilTable,
  electLaw,
  electPlanet,
  electPlayer,
  openCouncil,
  phaseActions,
  voteAll,
  withLaw,
} from '../testing/politics.js';
import { describeEvent } from '../views/describe.js';
import { view } from '../views/view.js';
import { politicalDeck } from '../content/political-cards.js';
import { enterPolitical } from '../phases/political.js';
import { Draft } from '../state/draft.js';
import { STEPS, run } from '../resume.js';
import { lawsInForce } from './laws.js';
import { votingOrder } from './vote.js';

// The council table: Sol (seat 0) 4 influence, Letnev (1) 2, Hacan (2) 4 with
// more resources than Sol — so the order is Letnev, Sol, Hacan.
function council(): GameState {
  return deepFreeze(councilTable());
}

function phaseOf(s: GameState) {
  if (s.phase.name !== 'political') throw new Error(`in ${s.phase.name}`);
  return s.phase;
}

describe('BG-8 Political phase: the agenda', () => {
  it('draws the top card of the deck, reveals it to all and opens the vote', () => {
    const { state, events } = openCouncil(council(), ['free-trade#1', 'humane-labor#1']);
    expect(phaseOf(state)).toMatchObject({ step: 'vote', agenda: 'free-trade#1', ballots: [] });
    expect(ofType(events, 'agenda-revealed')).toEqual([
      { type: 'agenda-revealed', card: 'free-trade#1' },
    ]);
    expect(state.politics?.deck[0]).toBe('humane-labor#1');
    expect(state.politics?.deck).toHaveLength(19);
    expect(describeEvent(events[0] ?? { type: 'round-started', round: 0 })).toBe(
      'The agenda: Free Trade.',
    );
  });

  it('keeps the deck order hidden from every seat and spectators, showing its size', () => {
    const { state } = openCouncil(council(), ['free-trade#1']);
    for (const viewer of [0, 1, 2, 'spectator'] as const) {
      const v = view(state, viewer);
      expect(v.politics).toEqual({ deckCount: 19, discard: [], laws: [] });
      expect(JSON.stringify(v)).not.toContain('humane-labor');
    }
  });

  it('shuffles the 20-card deck from the seeded PRNG the first time the phase is held', () => {
    const open = () => {
      const d = new Draft(council(), STEPS);
      enterPolitical(d);
      run(d, false);
      return { state: d.finish(), events: d.events };
    };
    const a = open();
    expect(ofType(a.events, 'political-deck-shuffled')).toEqual([
      { type: 'political-deck-shuffled', cards: 20 },
    ]);
    expect(a.state.politics?.deck).toHaveLength(19);
    expect(a.state.politics?.deck).not.toEqual(politicalDeck().slice(1));
    const b = open();
    expect(b.state.politics).toEqual(a.state.politics);
  });

  it('sets Revote aside when no law is in force and draws the next card', () => {
    const { state, events } = openCouncil(council(), ['revote#1', 'humane-labor#1']);
    expect(phaseOf(state).agenda).toBe('humane-labor#1');
    expect(ofType(events, 'agenda-discarded')).toEqual([
      {
        type: 'agenda-discarded',
        card: 'revote#1',
        reason: 'there is no law in force to vote on again',
      },
    ]);
    expect(state.politics?.discard).toEqual(['revote#1']);
  });

  it('reshuffles the discards when the deck runs out', () => {
    const s = council();
    const empty = { ...s, politics: { deck: [], discard: ['humane-labor#1'], laws: [] } };
    const { state, events } = openCouncil(empty);
    expect(phaseOf(state).agenda).toBe('humane-labor#1');
    expect(ofType(events, 'political-deck-shuffled')).toHaveLength(1);
  });
});

describe('BG-8 Political phase: voting', () => {
  it('asks least influence first; ties go to fewer resources, technologies, credits, then the lower seat', () => {
    const s = council();
    expect([0, 1, 2].map((seat) => influenceOf(s, seat))).toEqual([4, 2, 4]);
    expect(votingOrder(s)).toEqual([1, 0, 2]);
    const { state } = openCouncil(s, ['free-trade#1']);
    expect(phaseOf(state).order).toEqual([1, 0, 2]);
    expect(decisions(state)).toEqual([
      { seat: 1, kind: 'vote', prompt: 'Vote with all your 2 votes, or abstain.' },
    ]);
    // Same influence and resources: fewer technologies first.
    const techs = withPlayer(s, 2, { technologies: [] });
    const sameRes = { ...techs };
    expect(votingOrder(sameRes)[0]).toBe(1);
  });

  it('counts all of a seat’s influence, never a part, and refuses votes out of turn', () => {
    const { state } = openCouncil(council(), ['free-trade#1']);
    const wrong = apply(state, 0, FOR);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.error.code).toBe('NOT_YOUR_DECISION');
    const r = apply(state, 1, FOR);
    if (!r.ok) throw new Error(r.error.message);
    expect(ofType(r.events, 'vote-cast')).toEqual([
      { type: 'vote-cast', seat: 1, choice: 'for', votes: 2 },
    ]);
    expect(phaseActions(r.state, 0)).toEqual([FOR, AGAINST, ABSTAIN]);
  });

  it('refuses a ballot that names nothing on the agenda, changing nothing', () => {
    const { state } = openCouncil(council(), ['free-trade#1']);
    for (const bad of [
      electPlayer(0),
      { type: 'vote', ballot: 'for', player: 1 },
      { type: 'vote', ballot: 'elect' },
    ]) {
      const r = apply(state, 1, bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('ILLEGAL_ACTION');
    }
  });

  it('a law passes with more votes for than against and stays in force', () => {
    const { state } = openCouncil(council(), ['free-trade#1']);
    const votes = { 0: FOR, 1: AGAINST, 2: ABSTAIN } as const;
    const r = voteAll(state, (seat) => votes[seat as 0 | 1 | 2]);
    expect(ofType(r.events, 'agenda-resolved')).toEqual([
      {
        type: 'agenda-resolved',
        card: 'free-trade#1',
        result: 'for',
        passed: true,
        tally: { for: 4, against: 2 },
      },
    ]);
    expect(r.state.politics?.laws).toEqual([{ card: 'free-trade#1', since: r.state.round }]);
    // The phase is over: the round went on.
    expect(r.state.phase.name).not.toBe('political');
    expect(r.events.map((e) => describeEvent(e, ['Ann', 'Bo', 'Cy']))).toContain(
      'Ann casts 4 votes for.',
    );
  });

  it('a law that fails goes to the discards', () => {
    const { state } = openCouncil(council(), ['free-trade#1']);
    const votes = { 0: AGAINST, 1: FOR, 2: ABSTAIN } as const;
    const r = voteAll(state, (seat) => votes[seat as 0 | 1 | 2]);
    expect(r.state.politics?.laws).toEqual([]);
    expect(r.state.politics?.discard).toEqual(['free-trade#1']);
  });

  it('a tie (or nobody voting) is decided by the most influential player', () => {
    const { state } = openCouncil(council(), ['free-trade#1']);
    const votes = { 0: FOR, 1: ABSTAIN, 2: AGAINST } as const;
    let s = state;
    for (const seat of [1, 0, 2] as const) {
      const r = apply(s, seat, votes[seat]);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    expect(phaseOf(s)).toMatchObject({ step: 'tie', decider: 2, tied: ['for', 'against'] });
    expect(decisions(s).map((d) => [d.seat, d.kind])).toEqual([[2, 'vote']]);
    expect(phaseActions(s, 2)).toEqual([FOR, AGAINST]);
    const r = apply(s, 2, AGAINST);
    if (!r.ok) throw new Error(r.error.message);
    expect(ofType(r.events, 'tie-broken')).toEqual([
      { type: 'tie-broken', seat: 2, choice: 'against' },
    ]);
    expect(r.state.politics?.laws).toEqual([]);
  });

  it('Holder of Mecatol Rex: Mecatol Rex’s controller always votes last', () => {
    let s = setOwner(council(), 'Mecatol Rex', 1);
    for (const planet of ['Arretze', 'Hercant', 'Kamdorn']) s = setOwner(s, planet, 0);
    expect(influenceOf(s, 0)).toBeGreaterThan(influenceOf(s, 1));
    expect(votingOrder(s)).toEqual([2, 1, 0]);
    expect(votingOrder(withLaw(s, 'holder-of-mecatol-rex#1'))).toEqual([2, 0, 1]);
  });
});

describe('BG-8 Political phase: elections', () => {
  it('elects the player with the most votes; a lasting result stays in force for that player', () => {
    const { state } = openCouncil(council(), ['minister-of-war#1']);
    expect(phaseActions(state, 1)).toEqual([
      electPlayer(0),
      electPlayer(1),
      electPlayer(2),
      ABSTAIN,
    ]);
    const votes = { 0: electPlayer(0), 1: electPlayer(1), 2: electPlayer(0) } as const;
    const r = voteAll(state, (seat) => votes[seat as 0 | 1 | 2]);
    expect(ofType(r.events, 'agenda-resolved')[0]).toMatchObject({
      result: 'player:0',
      passed: true,
      tally: { 'player:0': 8, 'player:1': 2 },
    });
    expect(r.state.politics?.laws).toEqual([
      { card: 'minister-of-war#1', since: r.state.round, elected: { player: 0 } },
    ]);
    expect(r.events.map((e) => describeEvent(e, ['Ann', 'Bo', 'Cy']))).toContain(
      'Minister of War: Ann is elected.',
    );
  });

  it('elects a planet (Holy Planet of Ixth) from every planet on the board', () => {
    const { state } = openCouncil(council(), ['holy-planet-of-ixth#1']);
    expect(phaseActions(state, 1)).toContainEqual(electPlanet('Jord'));
    expect(phaseActions(state, 1)).toContainEqual(electPlanet('Mecatol Rex'));
    const r = voteAll(state, () => electPlanet('Jord'));
    expect(r.state.politics?.laws).toEqual([
      { card: 'holy-planet-of-ixth#1', since: r.state.round, elected: { planet: 'Jord' } },
    ]);
  });

  it('Revote elects a law in force, which is voted on again and discarded unless it passes', () => {
    const s = withLaw(council(), 'humane-labor#1', { since: 0 });
    const { state } = openCouncil(s, ['revote#1']);
    expect(phaseActions(state, 1)).toEqual([electLaw('humane-labor#1'), ABSTAIN]);
    let r = voteAll(state, () => electLaw('humane-labor#1'), 3);
    // The election is over; the same seats now vote on the law again.
    expect(ofType(r.events, 'agenda-revealed')).toEqual([
      { type: 'agenda-revealed', card: 'revote#1', revote: 'humane-labor#1' },
    ]);
    r = voteAll(r.state, () => AGAINST);
    expect(r.state.politics?.laws).toEqual([]);
    expect(r.state.politics?.discard).toEqual(['humane-labor#1', 'revote#1']);
    expect(ofType(r.events, 'law-repealed')).toEqual([
      { type: 'law-repealed', card: 'humane-labor#1', reason: 'it lost its Revote' },
    ]);
  });

  it('a law that wins its Revote stays', () => {
    const s = withLaw(council(), 'humane-labor#1', { since: 0 });
    const { state } = openCouncil(s, ['revote#2']);
    let r = voteAll(state, () => electLaw('humane-labor#1'), 3);
    r = voteAll(r.state, () => FOR);
    expect(r.state.politics?.laws).toEqual([{ card: 'humane-labor#1', since: 0 }]);
    expect(r.state.politics?.discard).toEqual(['revote#2']);
  });
});

describe('BG-8 Political phase: laws with a duration', () => {
  it('a truce stays in force for its rounds, then leaves play at the next Political phase', () => {
    const { state } = openCouncil(council(), ['short-term-truce#1']);
    const r = voteAll(state, () => FOR);
    const round = r.state.round;
    expect(r.state.politics?.laws).toEqual([
      { card: 'short-term-truce#1', since: round, expires: round + 2 },
    ]);
    const later = { ...r.state, round: round + 1 };
    expect(lawsInForce(later)).toHaveLength(1);
    const over = { ...r.state, round: round + 2 };
    expect(lawsInForce(over)).toHaveLength(0);
    const next = openCouncil(over, ['humane-labor#1']);
    expect(ofType(next.events, 'law-repealed')).toEqual([
      { type: 'law-repealed', card: 'short-term-truce#1', reason: 'its time is over' },
    ]);
    expect(next.state.politics?.discard).toContain('short-term-truce#1');
  });
});
