import type { ChatMessage, SpectatorChatMessage } from '@outer-rim/protocol';

/** A chat line of either channel, as it goes to a connection. */
export type ChatLineOut =
  | { readonly event: 'chat'; readonly line: ChatMessage }
  | { readonly event: 'spectator-chat'; readonly line: SpectatorChatMessage };

/**
 * One connection's chat: every line reaches it once, oldest first. A connection joins its rooms
 * before its history is read (read first, a line posted in between would be lost), so a line
 * posted meanwhile may come both live and in the history, and a live line may overtake the older
 * lines of the history. Live lines are held until the history is sent (`open`); a line already
 * sent, live or in the history, is not sent again.
 */
export class ChatOnce {
  readonly #sent = { chat: new Set<number>(), 'spectator-chat': new Set<number>() };
  #held: ChatLineOut[] | undefined = [];

  constructor(private readonly send: (out: ChatLineOut) => void) {}

  /** A line posted now, for this connection. */
  live(out: ChatLineOut): void {
    if (this.#held !== undefined) this.#held.push(out);
    else this.#once(out);
  }

  /** The stored lines this connection may read, sent before anything held. */
  history(outs: readonly ChatLineOut[]): void {
    for (const out of outs) this.#once(out);
  }

  /** The history is sent: the lines held meanwhile follow in seq order, and the rest live. */
  open(): void {
    const held = this.#held ?? [];
    this.#held = undefined;
    for (const out of [...held].sort((a, b) => a.line.seq - b.line.seq)) this.#once(out);
  }

  #once(out: ChatLineOut): void {
    const sent = this.#sent[out.event];
    if (sent.has(out.line.seq)) return;
    sent.add(out.line.seq);
    this.send(out);
  }
}
