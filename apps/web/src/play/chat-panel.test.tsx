// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyChat, openChannel, receive } from './chat';
import { ChatPanel } from './chat-panel';

const names = ['Ann', 'Bo', 'Cy'];
const at = '2026-01-01T00:00:00Z';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('table talk panel', () => {
  it('shows a tab per other player with its unread count, and sends to the open conversation', async () => {
    let chat = receive(
      openChannel(emptyChat(), 1, 0),
      { seq: 1, from: 1, to: 0, text: 'psst', at },
      0,
    );
    chat = receive(chat, { seq: 2, from: 2, text: 'hello all', at }, 0);
    const sent: [string, number | undefined][] = [];
    const el = document.body.appendChild(document.createElement('div'));
    render(
      <ChatPanel
        chat={chat}
        me={0}
        names={names}
        onOpen={() => undefined}
        onSend={(text, to) => {
          sent.push([text, to]);
          return Promise.resolve(undefined);
        }}
      />,
      el,
    );
    const tabs = [...el.querySelectorAll('.chat-tabs button')].map((b) =>
      b.getAttribute('data-channel'),
    );
    expect(tabs).toEqual(['table', '1', '2']);
    expect(el.querySelector('[data-channel="table"] .unread')?.textContent).toBe('1');
    expect(el.querySelector('.chat-lines')?.textContent).toContain('psst');
    const input = el.querySelector('input');
    if (input === null) throw new Error('no input');
    await act(() => {
      input.value = 'truce?';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      el.querySelector('form')?.dispatchEvent(
        new Event('submit', { bubbles: true, cancelable: true }),
      );
      await Promise.resolve();
    });
    expect(sent).toEqual([['truce?', 1]]);
  });

  it('lets a spectator read but not write', () => {
    const el = document.body.appendChild(document.createElement('div'));
    render(
      <ChatPanel
        chat={emptyChat()}
        me={undefined}
        names={names}
        onOpen={() => undefined}
        onSend={() => Promise.resolve(undefined)}
      />,
      el,
    );
    expect(el.querySelector('form')).toBeNull();
    expect([...el.querySelectorAll('.chat-tabs button')]).toHaveLength(1);
  });
});
