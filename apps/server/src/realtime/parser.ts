import { Decoder, Encoder, PacketType } from 'socket.io-parser';
import type { Packet } from 'socket.io-parser';

/**
 * Socket.io's own parser, except that payloads serialised beforehand (`Encoded`) are sent as
 * they are, and that a CONNECT whose `auth` is not an object (a string, an
 * array) is not a parse error that drops the transport without a word: it reaches the handshake
 * check, which refuses it as BAD_REQUEST like any other bad `auth`.
 */
interface DecodesStrings {
  decodeString: (this: Decoder, text: string) => Packet;
}

class LenientConnectDecoder extends Decoder {
  constructor() {
    super();
    // decodeString is private in the typings, so it is wrapped on the instance.
    const self = this as unknown as DecodesStrings;
    const decodeString = self.decodeString;
    self.decodeString = (text: string) => {
      try {
        return decodeString.call(this, text);
      } catch (error) {
        if (!text.startsWith(String(PacketType.CONNECT))) throw error;
        // "0" [ "/nsp" "," ] payload: keep the namespace, replace the payload.
        const comma = text.indexOf(',');
        const nsp = text[1] === '/' ? text.slice(1, comma === -1 ? undefined : comma) : '/';
        return { type: PacketType.CONNECT, nsp, data: { auth: 'not an object' } };
      }
    };
  }
}

/**
 * A message's payload already serialised: emitted as `emit(event, new Encoded(json))`, it goes on
 * the wire as is, serialised once however many sockets get it and without socket.io's walk of
 * the payload looking for binary parts (there are none in JSON text).
 */
export class Encoded {
  constructor(readonly json: string) {}
}

class PreEncodingEncoder extends Encoder {
  override encode(packet: Packet): ReturnType<Encoder['encode']> {
    const data: unknown = packet.data;
    if (
      packet.type === PacketType.EVENT &&
      Array.isArray(data) &&
      data.length === 2 &&
      data[1] instanceof Encoded
    ) {
      return [encodedEvent(data[0], data[1].json, packet.nsp, packet.id)];
    }
    return super.encode(packet);
  }
}

export const lenientParser = { Encoder: PreEncodingEncoder, Decoder: LenientConnectDecoder };

/**
 * The text socket.io's own encoder makes of an event with one payload: type, namespace (when not
 * the main one), ack id, then the JSON array of the event's name and the payload.
 */
export function encodedEvent(event: unknown, json: string, nsp = '/', id?: number): string {
  const space = nsp !== '' && nsp !== '/' ? `${nsp},` : '';
  const ack = id === undefined ? '' : String(id);
  return `${String(PacketType.EVENT)}${space}${ack}[${JSON.stringify(event)},${json}]`;
}
