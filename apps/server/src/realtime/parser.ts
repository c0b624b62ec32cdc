import { Decoder, Encoder, PacketType } from 'socket.io-parser';
import type { Packet } from 'socket.io-parser';

/**
 * Socket.io's own parser, except that a CONNECT whose `auth` is not an object (a string, an
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

export const lenientParser = { Encoder, Decoder: LenientConnectDecoder };
