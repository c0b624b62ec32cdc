import { describe, expect, it } from 'vitest';
import {
  dismissNotice,
  emptyChat,
  linesIn,
  openChannel,
  receive,
  unread,
  type ChatLine,
} from './chat';

const at = '2026-01-01T00:00:00Z';
const line = (seq: number, from: number, to?: number): ChatLine =>
  to === undefined ? { seq, from, text: `m${seq}`, at } : { seq, from, to, text: `m${seq}`, at };

describe('table talk: chat with unread markers', () => {
  it('sorts lines into the table and each private conversation', () => {
    let chat = emptyChat();
    chat = receive(chat, line(1, 0), 1);
    chat = receive(chat, line(2, 2, 1), 1);
    chat = receive(chat, line(3, 1, 2), 1);
    chat = receive(chat, line(4, 0, 3), undefined);
    expect(linesIn(chat, 'table', 1).map((l) => l.seq)).toEqual([1]);
    expect(linesIn(chat, 2, 1).map((l) => l.seq)).toEqual([2, 3]);
  });

  it('counts unread lines per channel until the channel is opened', () => {
    let chat = emptyChat();
    chat = openChannel(chat, 2, 1);
    chat = receive(chat, line(1, 0), 1);
    chat = receive(chat, line(2, 0), 1);
    expect(unread(chat, 'table', 1)).toBe(2);
    chat = openChannel(chat, 'table', 1);
    expect(unread(chat, 'table', 1)).toBe(0);
    chat = receive(chat, line(3, 0), 1);
    expect(unread(chat, 'table', 1)).toBe(0);
  });

  it('counts a line that arrives late, below a seq already read, as unread', () => {
    // Lines written on two server processes may reach a client out of seq order.
    let chat = receive(emptyChat(), line(7, 0), 1);
    chat = openChannel(chat, 'table', 1);
    chat = openChannel(chat, 2, 1);
    chat = receive(chat, line(6, 0), 1);
    expect(unread(chat, 'table', 1)).toBe(1);
    chat = openChannel(chat, 'table', 1);
    expect(unread(chat, 'table', 1)).toBe(0);
  });

  it('never counts my own lines as unread', () => {
    let chat = openChannel(emptyChat(), 3, 1);
    chat = receive(chat, line(1, 1), 1);
    expect(unread(chat, 'table', 1)).toBe(0);
  });

  it('raises a notice for a private message in a closed conversation', () => {
    let chat = receive(emptyChat(), line(5, 4, 1), 1);
    expect(chat.notice?.seq).toBe(5);
    expect(unread(chat, 4, 1)).toBe(1);
    chat = openChannel(chat, 4, 1);
    expect(chat.notice).toBeUndefined();
    chat = receive(chat, line(6, 3, 1), 1);
    expect(dismissNotice(chat).notice).toBeUndefined();
  });

  it('ignores a line it already has (history replayed on reconnect)', () => {
    const chat = receive(emptyChat(), line(1, 0), 1);
    expect(receive(chat, line(1, 0), 1)).toBe(chat);
  });
});
