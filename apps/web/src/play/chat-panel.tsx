import { useState } from 'preact/hooks';
import { ownerColour } from '../ui/colours';
import { linesIn, unread, type Channel, type ChatState } from './chat';

export interface ChatPanelProps {
  readonly chat: ChatState;
  readonly me: number | undefined;
  readonly names: readonly string[];
  readonly onOpen: (channel: Channel) => void;
  readonly onSend: (text: string, to: number | undefined) => Promise<string | undefined>;
}

/** Table talk: the whole table, and a private conversation with each other player. */
export function ChatPanel({ chat, me, names, onOpen, onSend }: ChatPanelProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const channels: Channel[] = [
    'table',
    ...(me === undefined ? [] : names.map((_, seat) => seat).filter((seat) => seat !== me)),
  ];
  const open = chat.open;
  const lines = linesIn(chat, open, me);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (text.trim() === '') return;
    const failure = await onSend(text, open === 'table' ? undefined : open);
    setError(failure);
    if (failure === undefined) setText('');
  };
  return (
    <section class="panel chat-panel" aria-label="Table talk">
      <nav class="chat-tabs">
        {channels.map((channel) => {
          const count = unread(chat, channel, me);
          return (
            <button
              key={String(channel)}
              type="button"
              class={channel === open ? 'open' : ''}
              data-channel={String(channel)}
              onClick={() => {
                onOpen(channel);
              }}
            >
              {channel === 'table' ? 'Table' : (names[channel] ?? `Seat ${channel + 1}`)}
              {count > 0 ? (
                <span class="unread" aria-label={`${count} unread`}>
                  {count}
                </span>
              ) : null}
            </button>
          );
        })}
      </nav>
      <ol class="chat-lines">
        {lines.map((line) => (
          <li key={line.seq}>
            <b style={{ color: ownerColour(line.from) }}>
              {names[line.from] ?? `Seat ${line.from + 1}`}
            </b>
            {line.to === undefined ? '' : ' (private)'}: {line.text}
          </li>
        ))}
      </ol>
      {me === undefined ? (
        <p class="faint">Spectators read the table talk.</p>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <input
            aria-label="Message"
            value={text}
            maxLength={500}
            placeholder={open === 'table' ? 'Say something to the table' : 'Private message'}
            onInput={(event) => {
              setText(event.currentTarget.value);
            }}
          />
          <button type="submit">Send</button>
        </form>
      )}
      {error === undefined ? null : <p class="error">{error}</p>}
    </section>
  );
}
