import { describe, expect, it } from 'vitest';
import { refusalText } from './refusal-words';

describe('a refusal names the rule that caused it', () => {
  it('BG-5: the rule id is added to words that do not name it', () => {
    expect(refusalText({ message: 'There is no system at 9,9.', rule: 'BG-5' })).toBe(
      'There is no system at 9,9 (BG-5).',
    );
  });

  it('BG-2: words that name their rule already are left as they are', () => {
    const message = 'That costs 46 credits; you have 41. Nothing was bought (BG-2)';
    expect(refusalText({ message, rule: 'BG-2' })).toBe(message);
  });

  it('a refusal by no rule (a malformed message) keeps its words', () => {
    expect(refusalText({ message: 'That is not a valid action.' })).toBe(
      'That is not a valid action.',
    );
  });
});
