import { describe, expect, it } from 'vitest';
import { ChatOnce, type ChatLineOut } from './chat-once.js';

const table = (seq: number): ChatLineOut => ({
  event: 'chat',
  line: { gameId: 'g', seq, from: 0, text: `line ${String(seq)}`, at: '2026-12-04T00:00:00.000Z' },
});
const spectators = (seq: number): ChatLineOut => ({
  event: 'spectator-chat',
  line: {
    gameId: 'g',
    seq,
    name: 'Watcher',
    text: `watch ${String(seq)}`,
    at: '2026-12-04T00:00:00.000Z',
  },
});

function connection() {
  const sent: string[] = [];
  const chat = new ChatOnce((out) => sent.push(`${out.event} ${String(out.line.seq)}`));
  return { chat, sent };
}

describe('a connection gets each chat line once, oldest first', () => {
  it('holds a line posted during the welcome and sends it after the history, once', () => {
    const { chat, sent } = connection();
    chat.live(table(3));
    chat.live(table(2));
    expect(sent).toEqual([]);
    chat.history([table(1), table(2)]);
    chat.open();
    expect(sent).toEqual(['chat 1', 'chat 2', 'chat 3']);
  });

  it('drops a live line that the history already sent, however late it arrives', () => {
    const { chat, sent } = connection();
    chat.history([table(1), table(2)]);
    chat.open();
    chat.live(table(2));
    chat.live(table(4));
    expect(sent).toEqual(['chat 1', 'chat 2', 'chat 4']);
  });

  it('keeps the two channels apart: the same seq on each is two lines', () => {
    const { chat, sent } = connection();
    chat.live(spectators(1));
    chat.history([table(1)]);
    chat.open();
    chat.live(spectators(1));
    expect(sent).toEqual(['chat 1', 'spectator-chat 1']);
  });
});
