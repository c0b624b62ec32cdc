import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** A game: its lobby record plus the head of its event log. */
export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    /** the name the lobby lists the game by: the host's choice, else "<host>'s game" */
    title: text('title'),
    status: text('status', { enum: ['lobby', 'playing', 'over'] })
      .notNull()
      .default('lobby'),
    options: jsonb('options').notNull(),
    /** never sent to a client before the game is over */
    seed: text('seed').notNull(),
    seedCommitment: text('seed_commitment').notNull(),
    creatorSeat: integer('creator_seat').notNull().default(0),
    seq: integer('seq').notNull().default(0),
    winner: jsonb('winner'),
    /** BG-10: every winner's seat, one or several (a shared victory); null before the end */
    winners: jsonb('winners'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('games_status_idx').on(t.status, t.createdAt)],
);

/** The game a row belongs to: it goes when the game goes. */
function gameRef() {
  return text('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' });
}

/** One stored action: as the log keeps it (`actions`), and as an undo keeps it (`undone_actions`). */
function storedAction() {
  return {
    seq: integer('seq').notNull(),
    seat: integer('seat').notNull(),
    clientId: text('client_id').notNull(),
    type: text('type').notNull(),
    action: jsonb('action').notNull(),
    events: jsonb('events').notNull(),
  };
}

/**
 * One row per seat from creation: a claim is an UPDATE guarded by `token_hash IS NULL`, so of two
 * concurrent claims the database lets exactly one through.
 */
export const seats = pgTable(
  'seats',
  {
    gameId: gameRef(),
    seat: integer('seat').notNull(),
    name: text('name'),
    race: text('race').notNull(),
    ready: boolean('ready').notNull().default(false),
    /** SHA-256 of the seat token; the token itself is never stored */
    tokenHash: text('token_hash'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** a bot's seat, filled by the creator: its policy (`heuristic` or `random`); null for people */
    bot: text('bot'),
    /** a person's seat played by a bot while its player is away (the host's hand-over option) */
    handedOver: boolean('handed_over').notNull().default(false),
    /**
     * Who holds the seat now: a new id at every change of holder (claimed, left, a bot put in or
     * taken out), so what was private to one holder is never read by the next.
     */
    holding: uuid('holding').notNull().defaultRandom(),
    /**
     * The seat's share of the dice (docs/fair-dice.md): the hex SHA-256 of its random bytes, given
     * when the seat was taken, and the bytes themselves (hex) once revealed. A seat taken without
     * a commitment, or a bot's, gets bytes the server draws, revealed at once (`entropyDrawn`).
     */
    entropyCommitment: text('entropy_commitment'),
    entropy: text('entropy'),
    /** the server drew this seat's share (a bot's, or a seat taken without a commitment) */
    entropyDrawn: boolean('entropy_drawn').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat] }),
    unique('seats_token_hash_key').on(t.tokenHash),
    // Two seats of one game can never hold the same race, even when they choose at once.
    uniqueIndex('seats_race_key')
      .on(t.gameId, t.race)
      .where(sql`${t.race} <> 'random'`),
  ],
);

/**
 * The event log. The (game_id, seq) key is what keeps two writers from forking a game: the second
 * insert of a sequence number fails and that writer reloads.
 */
export const actions = pgTable(
  'actions',
  {
    gameId: gameRef(),
    ...storedAction(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seq] }),
    unique('actions_client_id_key').on(t.gameId, t.seat, t.clientId),
  ],
);

/** The whole state after action `seq` (seq 0: the initial state), every N actions. */
export const snapshots = pgTable(
  'snapshots',
  {
    gameId: gameRef(),
    seq: integer('seq').notNull(),
    state: jsonb('state').notNull(),
    /**
     * The rules (RULES_VERSION) the actions after this snapshot were played under: only those
     * rules replay them. Rows from before the column: version 1.
     */
    rulesVersion: integer('rules_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seq] })],
);

/**
 * Which server process drives a game's bots, until when. A lease rather than a session advisory
 * lock: it needs no connection held open per game, and a process that dies simply stops renewing,
 * so another one takes the game over once `expires_at` has passed (see bots/bot-lease.ts).
 */
export const botDrivers = pgTable('bot_drivers', {
  gameId: gameRef().primaryKey(),
  process: text('process').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Table talk. `to_seat` null: to the whole table; otherwise only the two holdings ever see it: the
 * sender's and the recipient's at the time it was sent, never a later holder of either seat.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    gameId: gameRef(),
    seq: integer('seq').notNull(),
    fromSeat: integer('from_seat').notNull(),
    toSeat: integer('to_seat'),
    /** the sender's holding of its seat (seats.holding) */
    fromHolding: uuid('from_holding').notNull(),
    /** a private message's recipient: the holding of `to_seat` when it was sent */
    toHolding: uuid('to_holding'),
    clientId: text('client_id').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seq] }),
    unique('chat_client_id_key').on(t.gameId, t.fromHolding, t.clientId),
  ],
);

/**
 * The spectators' own channel: players do not read it while the game runs (no kibitzing), and
 * everyone does once it is over. Spectators have no seat, so each line carries the name given.
 */
export const spectatorMessages = pgTable(
  'spectator_messages',
  {
    gameId: gameRef(),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seq] }),
    unique('spectator_client_id_key').on(t.gameId, t.clientId),
  ],
);

/**
 * Where a game tells its players that a decision waits: per seat (set by its player) or, with
 * `seat` null, for the whole table (set by the host). Only addresses: what is sent is public.
 */
export const notificationTargets = pgTable(
  'notification_targets',
  {
    gameId: gameRef(),
    /** null: the host's target for the whole table */
    seat: integer('seat'),
    webhookUrl: text('webhook_url'),
    email: text('email'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('notification_targets_seat_key').on(t.gameId, t.seat).nullsNotDistinct()],
);

/**
 * The decision each seat was last told about (its prompts, as one string, and the step that
 * asked it): a notice goes out when this changes, and the database's update decides which
 * process sends it. Cleared when the seat no longer owes anything.
 */
export const owedNotices = pgTable(
  'owed_notices',
  {
    gameId: gameRef(),
    seat: integer('seat').notNull(),
    signature: text('signature').notNull(),
    seq: integer('seq').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] })],
);

/**
 * The notices' timers, kept across a restart: a digest waiting for its window to close, a try
 * after a failure, a reminder. Each process that knows a row sets a timer for its `due_at`; the
 * one whose UPDATE takes the lease (`leased_until`) acts on it, then deletes it.
 */
export const noticeTimers = pgTable(
  'notice_timers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['digest', 'retry', 'reminder'] }).notNull(),
    /** `webhook` or `email` */
    channel: text('channel').notNull(),
    address: text('address').notNull(),
    /** the notices it will send: public words only, as a webhook receives them */
    pending: jsonb('pending').notNull(),
    /** the tries already made (a retry) */
    attempt: integer('attempt').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
  },
  (t) => [index('notice_timers_due_idx').on(t.dueAt)],
);

/**
 * The turn clock of each seat (a game option): its time bank and, while the seat owes a
 * decision, since when it runs. `expired` is set by the one process whose update found the bank
 * run out, and cleared when a round's bonus fills it again.
 */
export const turnClocks = pgTable(
  'turn_clocks',
  {
    gameId: gameRef(),
    seat: integer('seat').notNull(),
    bankMs: bigint('bank_ms', { mode: 'number' }).notNull(),
    runningSince: timestamp('running_since', { withTimezone: true }),
    expired: boolean('expired').notNull().default(false),
    round: integer('round').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] })],
);

/**
 * A pause the table voted for (the turn clocks stop while it lasts) and the votes cast towards the
 * next change: to pause while running, to resume while paused. A majority of the people seated
 * decides; each vote is a seat number in `votes`.
 */
export const gamePauses = pgTable('game_pauses', {
  gameId: gameRef().primaryKey(),
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  votes: integer('votes')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
});

/**
 * The audit log of actions taken back (an undo): each as it was stored in `actions`, with when
 * and by whom it was taken back. The log of record (`actions`) no longer holds them, so every
 * view and replay shows the game as if they never happened; their seqs are free again.
 */
export const undoneActions = pgTable(
  'undone_actions',
  {
    gameId: gameRef(),
    /** one id per undo: the actions it took back share it */
    undo: uuid('undo').notNull(),
    ...storedAction(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** the seat that asked for the undo */
    undoneBy: integer('undone_by').notNull(),
    /** the seats whose own steps went back with it, by their consent */
    consentedBy: integer('consented_by').array().notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.undo, t.seq] })],
);

/**
 * An undo waiting for the consent of the seats whose steps it would take back: one per game.
 * It holds only while the game's head is still `head`.
 */
export const undoRequests = pgTable('undo_requests', {
  gameId: gameRef().primaryKey(),
  seat: integer('seat').notNull(),
  /** the seq of the asking seat's action to take back */
  seq: integer('seq').notNull(),
  /** the game's head when asked */
  head: integer('head').notNull(),
  lines: jsonb('lines').notNull(),
  needs: integer('needs').array().notNull(),
  consents: integer('consents')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Used by @socket.io/postgres-adapter for broadcasts over NOTIFY's 8000-byte limit. */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

export const schema = {
  games,
  seats,
  actions,
  snapshots,
  chatMessages,
  spectatorMessages,
  botDrivers,
  notificationTargets,
  owedNotices,
  noticeTimers,
  turnClocks,
  gamePauses,
  undoneActions,
  undoRequests,
  socketIoAttachments,
};
