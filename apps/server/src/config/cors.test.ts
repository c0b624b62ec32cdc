import { describe, expect, it } from 'vitest';
import { corsOption } from './cors.js';

describe('CORS_ORIGIN', () => {
  it('unset allows no other origin, * allows every one, a list allows those', () => {
    expect(corsOption(undefined)).toEqual({ origin: false });
    expect(corsOption(' * ')).toEqual({ origin: true });
    expect(corsOption('https://a.example, https://b.example,')).toEqual({
      origin: ['https://a.example', 'https://b.example'],
    });
  });
});
