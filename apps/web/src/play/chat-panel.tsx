import { useState } from 'preact/hooks';
import { ownerColour } from '../ui/colours';
import { linesIn, unread, type Channel, type ChatState, type SpectatorLine } from './chat';

export interface ChatPanelProps {
  readonly chat: ChatState;
  readonly me: number | undefined;
  readonly names: readonly string[];
  readonly onOpen: (channel: Channel) => void;
  readonly onSend: (text: string, to: number | undefined) => Promise<string | undefined>;
  /** The spectators' channel, when this viewer may read it (spectators; everyone at the end). */
  readonly spectators?: readonly SpectatorLine[] | undefined;
  readonly onSendSpectator?: (name: string, text: string) => Promise<string | undefined>;
}

/** Table talk: the whole table, and a private conversation with each other player. */
export function ChatPanel({
  chat,
  me,
  names,
  onOpen,
  onSend,
  spectators,
  onSendSpectator,
}: ChatPanelProps) {
  const [text, setText] = useState('');
  const [name, setName] = useState(() => localStorage.getItem(SPECTATOR_NAME_KEY) ?? '');
  const [error, setError] = useState<string | undefined>(undefined);
  const channels: Channel[] = [
    'table',
    ...(me === undefined ? [] : names.map((_, seat) => seat).filter((seat) => seat !== me)),
    ...(spectators === undefined ? [] : ['spectators' as const]),
  ];
  const open = chat.open;
  if (open === 'spectators' && spectators !== undefined) {
    return (
      <section class="panel chat-panel" aria-label="Table talk">
        <ChannelTabs channels={channels} chat={chat} me={me} names={names} onOpen={onOpen} />
        <ol class="chat-lines" data-testid="spectator-lines">
          {spectators.map((line) => (
            <li key={line.seq}>
              <b class="spectator-name" title={line.name}>
                {line.name}
              </b>
              : {line.text}
            </li>
          ))}
          {spectators.length === 0 ? (
            <li class="faint">
              {me === undefined
                ? 'Only spectators read this channel until the game is over.'
                : 'The spectators said nothing.'}
            </li>
          ) : null}
        </ol>
        <form
          data-testid="spectator-form"
          onSubmit={(event) => {
            event.preventDefault();
            const who = me === undefined ? name.trim() : (names[me] ?? '');
            if (text.trim() === '' || who === '' || onSendSpectator === undefined) return;
            localStorage.setItem(SPECTATOR_NAME_KEY, who);
            void onSendSpectator(who, text).then((failure) => {
              setError(failure);
              if (failure === undefined) setText('');
            });
          }}
        >
          {me === undefined ? (
            <input
              aria-label="Your name"
              class="spectator-name-input"
              value={name}
              maxLength={32}
              placeholder="Your name"
              onInput={(event) => {
                setName(event.currentTarget.value);
              }}
            />
          ) : null}
          <input
            aria-label="Message to the spectators"
            value={text}
            maxLength={500}
            placeholder="Say something to the other spectators"
            onInput={(event) => {
              setText(event.currentTarget.value);
            }}
          />
          <button type="submit">Send</button>
        </form>
        {error === undefined ? null : <p class="error">{error}</p>}
      </section>
    );
  }
  const lines = linesIn(chat, open, me);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (text.trim() === '') return;
    if (open === 'spectators') return;
    const failure = await onSend(text, open === 'table' ? undefined : open);
    setError(failure);
    if (failure === undefined) setText('');
  };
  return (
    <section class="panel chat-panel" aria-label="Table talk">
      <ChannelTabs channels={channels} chat={chat} me={me} names={names} onOpen={onOpen} />
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
        <p class="faint">
          Spectators read the table talk; they talk in the Spectators channel, which players read
          once the game is over.
        </p>
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

const SPECTATOR_NAME_KEY = 'outer-rim:spectator-name';

function ChannelTabs({
  channels,
  chat,
  me,
  names,
  onOpen,
}: {
  channels: readonly Channel[];
  chat: ChatState;
  me: number | undefined;
  names: readonly string[];
  onOpen: (channel: Channel) => void;
}) {
  const open = chat.open;
  return (
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
            {channel === 'table'
              ? 'Table'
              : channel === 'spectators'
                ? 'Spectators'
                : (names[channel] ?? `Seat ${channel + 1}`)}
            {count > 0 ? (
              <span class="unread" aria-label={`${count} unread`}>
                {count}
              </span>
            ) : null}
          </button>
        );
      })}
    </nav>
  );
}
