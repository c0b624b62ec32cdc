import { Encoder, PacketType } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { Encoded, encodedEvent, lenientParser } from './parser.js';

const payloads = [{ gameId: 'g1', seq: 3, patch: [] }, 'text', 0, null, [1, { a: 'b"c' }]];

describe('the pre-encoding parser', () => {
  it("writes an event with a payload serialised beforehand as socket.io's own encoder would", () => {
    const own = new Encoder();
    const ours = new lenientParser.Encoder();
    for (const payload of payloads) {
      for (const [nsp, id] of [
        ['/', undefined],
        ['/admin', undefined],
        ['/', 7],
        ['/admin', 12],
      ] as const) {
        const packet = {
          type: PacketType.EVENT,
          nsp,
          ...(id === undefined ? {} : { id }),
          data: ['update', payload],
        };
        const expected = own.encode(packet);
        expect(expected).toHaveLength(1);
        const json = JSON.stringify(payload);
        expect(ours.encode({ ...packet, data: ['update', new Encoded(json)] })).toEqual(expected);
        expect(encodedEvent('update', json, nsp, id)).toBe(expected[0]);
      }
    }
    // The main namespace is the default: what the updates of a step are written as.
    expect(encodedEvent('update', '{}')).toBe(
      own.encode({ type: PacketType.EVENT, nsp: '/', data: ['update', {}] })[0],
    );
  });
});
