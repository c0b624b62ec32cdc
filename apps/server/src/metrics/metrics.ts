import { count } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database.js';
import { games } from '../db/schema.js';

/** Seconds, for the histograms of an action's time and of a commit's: 1 ms to 2.5 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * One registry per server instance rather than prom-client's global one, so two instances in one
 * process (the multi-process tests) do not clash.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly connections: Gauge<'viewer'>;
  readonly actions: Counter<'outcome'>;
  readonly actionSeconds: Histogram<'outcome'>;
  readonly commitSeconds: Histogram;
  readonly chatMessages: Counter;

  constructor(db: Db) {
    collectDefaultMetrics({ register: this.registry, prefix: 'outer_rim_' });
    new Gauge({
      name: 'outer_rim_games',
      help: 'Games by status',
      labelNames: ['status'],
      registers: [this.registry],
      async collect() {
        const rows = await db
          .select({ status: games.status, n: count() })
          .from(games)
          .groupBy(games.status);
        this.reset();
        for (const status of ['lobby', 'playing', 'over'] as const) {
          this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
        }
      },
    });
    this.connections = new Gauge({
      name: 'outer_rim_socket_connections',
      help: 'Open Socket.io connections to this process, by viewer kind',
      labelNames: ['viewer'],
      registers: [this.registry],
    });
    this.actions = new Counter({
      name: 'outer_rim_actions_total',
      help: 'Actions received, by outcome (accepted, duplicate or an error code)',
      labelNames: ['outcome'],
      registers: [this.registry],
    });
    this.actionSeconds = new Histogram({
      name: 'outer_rim_action_duration_seconds',
      help: 'Time from receiving an action to its acknowledgement',
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    // Beside the actions' own: how much of an action's time is the database's commit.
    this.commitSeconds = new Histogram({
      name: 'outer_rim_append_duration_seconds',
      help: 'Time from sending a group commit of actions to the database to its answer',
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    this.chatMessages = new Counter({
      name: 'outer_rim_chat_messages_total',
      help: 'Chat messages stored',
      registers: [this.registry],
    });
  }

  /**
   * The gauges and counters read from the game service and its store; it is built after the
   * registry, since it reports every action into it.
   */
  watchGames(service: {
    readonly cachedGames: number;
    readonly conflicts: number;
    readonly store: { readonly statements: number; readonly appended: number };
  }): void {
    new Gauge({
      name: 'outer_rim_cached_games',
      help: 'Games held in this process memory',
      registers: [this.registry],
      collect() {
        this.set(service.cachedGames);
      },
    });
    new Gauge({
      name: 'outer_rim_write_conflicts',
      help: 'Appends that lost the (game, seq) race to another writer and were retried',
      registers: [this.registry],
      collect() {
        this.set(service.conflicts);
      },
    });
    // Together they tell how well commits are grouped: appends per statement.
    this.#countOf(
      'outer_rim_append_statements_total',
      'Statements that appended actions to the log (one per group commit)',
      () => service.store.statements,
    );
    this.#countOf(
      'outer_rim_appended_actions_total',
      'Actions appended to the log by this process',
      () => service.store.appended,
    );
  }

  /** A counter whose value is kept elsewhere and read when /metrics is asked. */
  #countOf(name: string, help: string, read: () => number): void {
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }

  observeAction(outcome: string, seconds: number): void {
    this.actions.inc({ outcome });
    this.actionSeconds.observe({ outcome }, seconds);
  }
}
