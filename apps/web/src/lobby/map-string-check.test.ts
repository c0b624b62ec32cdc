import { describe, expect, it } from 'vitest';
import { checkMapString, exampleMapString } from './map-string-check';

describe('the map-string option explains and checks as you type (BG-4)', () => {
  it('accepts the example it shows, for the table it was made for', () => {
    const example = exampleMapString(4, 'standard');
    expect(example.startsWith('OR1 4s ')).toBe(true);
    expect(checkMapString(example, 4, 'standard').ok).toBe(true);
  });

  it('says what is wrong with a string being typed, and with a map for another table', () => {
    const short = checkMapString('OR1 4s 1 2', 4, 'standard');
    expect(short.ok).toBe(false);
    expect(short.message).toContain('tile tokens');
    expect(checkMapString('hello', 4, 'standard').message).toContain('OR1');
    expect(checkMapString(exampleMapString(5, 'standard'), 4, 'standard').message).toContain(
      'for 5 players',
    );
  });
});
