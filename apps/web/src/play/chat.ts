/** A chat line as the server sends it (PROTOCOL `chat`). */
export interface ChatLine {
  readonly seq: number;
  readonly from: number;
  readonly to?: number | undefined;
  readonly text: string;
  readonly at: string;
}

/** 'table', the other seat of a private conversation, or the spectators' own channel. */
export type Channel = 'table' | 'spectators' | number;

/** A line of the spectators' channel (PROTOCOL `spectator-chat`). */
export interface SpectatorLine {
  readonly seq: number;
  readonly name: string;
  readonly text: string;
  readonly at: string;
}

/** Adds a line once (history comes again on every reconnect), oldest first. */
export function receiveSpectator(
  lines: readonly SpectatorLine[],
  line: SpectatorLine,
): readonly SpectatorLine[] {
  if (lines.some((l) => l.seq === line.seq)) return lines;
  return [...lines, line].sort((a, b) => a.seq - b.seq);
}

export interface ChatState {
  /** Oldest first, deduplicated by seq (the server replays history on reconnect). */
  readonly lines: readonly ChatLine[];
  readonly open: Channel;
  /** The seq up to which each channel has been read. */
  readonly readUpTo: ReadonlyMap<Channel, number>;
  /** The latest private message from someone else that has not been looked at. */
  readonly notice?: ChatLine;
}

export function emptyChat(): ChatState {
  return { lines: [], open: 'table', readUpTo: new Map() };
}

/** The channel a line belongs to, for the seat `me` (spectators see only the table). */
export function channelOf(line: ChatLine, me: number | undefined): Channel {
  if (line.to === undefined) return 'table';
  return line.from === me ? line.to : line.from;
}

export function receive(state: ChatState, line: ChatLine, me: number | undefined): ChatState {
  if (state.lines.some((l) => l.seq === line.seq)) return state;
  const lines = [...state.lines, line].sort((a, b) => a.seq - b.seq);
  const channel = channelOf(line, me);
  const mine = line.from === me;
  const readUpTo = new Map(state.readUpTo);
  // What I write, or what arrives in the conversation I have open, is read at once.
  if (mine || channel === state.open)
    readUpTo.set(channel, Math.max(readUpTo.get(channel) ?? 0, line.seq));
  const isNotice = line.to !== undefined && !mine && channel !== state.open;
  return {
    lines,
    open: state.open,
    readUpTo,
    ...(isNotice ? { notice: line } : state.notice === undefined ? {} : { notice: state.notice }),
  };
}

export function openChannel(state: ChatState, channel: Channel, me: number | undefined): ChatState {
  const last = linesIn(state, channel, me).at(-1)?.seq ?? 0;
  const readUpTo = new Map(state.readUpTo);
  readUpTo.set(channel, Math.max(readUpTo.get(channel) ?? 0, last));
  const notice =
    state.notice !== undefined && channelOf(state.notice, me) !== channel
      ? state.notice
      : undefined;
  return {
    lines: state.lines,
    open: channel,
    readUpTo,
    ...(notice === undefined ? {} : { notice }),
  };
}

export function dismissNotice(state: ChatState): ChatState {
  return { lines: state.lines, open: state.open, readUpTo: state.readUpTo };
}

export function linesIn(state: ChatState, channel: Channel, me: number | undefined): ChatLine[] {
  return state.lines.filter((line) => channelOf(line, me) === channel);
}

export function unread(state: ChatState, channel: Channel, me: number | undefined): number {
  const read = state.readUpTo.get(channel) ?? 0;
  return linesIn(state, channel, me).filter((line) => line.seq > read && line.from !== me).length;
}
