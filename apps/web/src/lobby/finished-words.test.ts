import { describe, expect, it } from 'vitest';
import { finishedWords } from './finished-words';

const seat = (n: number, name: string, race: string) => ({
  seat: n,
  name,
  race,
  ready: true,
  taken: true,
});

describe('BG-10 a finished game in the lobby says who won', () => {
  const seats = [seat(0, 'Hana', 'sol'), seat(1, 'Bo', 'letnev'), seat(2, 'Cy', 'naalu')];

  it('names the winner and race, as the end screen does', () => {
    expect(finishedWords({ seats, winner: 1, winners: [1] })).toBe(
      'Finished: Bo (Barony of Letnev) wins',
    );
  });

  it('names every winner of a shared victory, in the end screen’s words', () => {
    expect(finishedWords({ seats, winner: null, winners: [0, 2] })).toMatch(
      /^Finished: Hana \(Federation of Sol\) and Cy \(.+\) share the victory$/,
    );
  });

  it('a game finished before every winner was kept names its single winner', () => {
    expect(finishedWords({ seats, winner: 1, winners: null })).toBe(
      'Finished: Bo (Barony of Letnev) wins',
    );
  });

  it('says so when nobody won', () => {
    expect(finishedWords({ seats, winner: null, winners: [] })).toBe('Finished: no winner');
  });
});
