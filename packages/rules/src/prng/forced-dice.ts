/**
 * Test-only die results. Scenario tests of dice rules (a rift roll of 3, a
 * Ground Force's unmodified 10) need exact rolls; searching for a seed that
 * happens to give them would hide what the test means. This queue is filled
 * only by `withDice` in `testing/dice.ts`, which the package index does not
 * export and no action can reach, so a real game always rolls from its PRNG.
 */
let queue: number[] = [];

export function setForcedDice(rolls: readonly number[]): void {
  queue = rolls.slice();
}

export function forcedDiceLeft(): number {
  return queue.length;
}

/** The next forced result for a die of `sides` faces, or undefined to roll normally. */
export function takeForcedDie(sides: number): number | undefined {
  const next = queue.shift();
  if (next === undefined) return undefined;
  if (!Number.isInteger(next) || next < 1 || next > sides) {
    throw new Error(`forced die ${String(next)} does not fit a d${String(sides)}`);
  }
  return next;
}
