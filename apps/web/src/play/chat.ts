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
  /**
   * The seqs of the lines read: by line, not up to a seq, as lines written on different server
   * processes may arrive out of seq order, and a late one with a lower seq was not seen.
   */
  readonly read: ReadonlySet<number>;
  /** The latest private message from someone else that has not been looked at. */
  readonly notice?: ChatLine;
}

export function emptyChat(): ChatState {
  return { lines: [], open: 'table', read: new Set() };
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
  // What I write, or what arrives in the conversation I have open, is read at once.
  const read = mine || channel === state.open ? new Set(state.read).add(line.seq) : state.read;
  const isNotice = line.to !== undefined && !mine && channel !== state.open;
  return {
    lines,
    open: state.open,
    read,
    ...(isNotice ? { notice: line } : state.notice === undefined ? {} : { notice: state.notice }),
  };
}

export function openChannel(state: ChatState, channel: Channel, me: number | undefined): ChatState {
  const read = new Set(state.read);
  for (const line of linesIn(state, channel, me)) read.add(line.seq);
  const notice =
    state.notice !== undefined && channelOf(state.notice, me) !== channel
      ? state.notice
      : undefined;
  return {
    lines: state.lines,
    open: channel,
    read,
    ...(notice === undefined ? {} : { notice }),
  };
}

export function dismissNotice(state: ChatState): ChatState {
  return { lines: state.lines, open: state.open, read: state.read };
}

export function linesIn(state: ChatState, channel: Channel, me: number | undefined): ChatLine[] {
  return state.lines.filter((line) => channelOf(line, me) === channel);
}

export function unread(state: ChatState, channel: Channel, me: number | undefined): number {
  return linesIn(state, channel, me).filter((line) => !state.read.has(line.seq) && line.from !== me)
    .length;
}
