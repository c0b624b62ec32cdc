import { forcedDiceLeft, setForcedDice } from '../prng/forced-dice.js';

/**
 * Runs `fn` with the next dice rolled by the engine fixed to `rolls`, in
 * order (dice after them come from the PRNG again). Throws if `fn` leaves
 * some of them unrolled, so a test cannot pass on dice it never used.
 */
export function withDice<T>(rolls: readonly number[], fn: () => T): T {
  setForcedDice(rolls);
  try {
    const result = fn();
    const left = forcedDiceLeft();
    if (left > 0) throw new Error(`${String(left)} forced dice were never rolled`);
    return result;
  } finally {
    setForcedDice([]);
  }
}
