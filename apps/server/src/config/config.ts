import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Everything the server reads from its environment. A host configures it with environment
 * variables only (the "Configure" table of docs/hosting.md lists them); anything invalid stops the process at start with a
 * message naming the variable, rather than surfacing later as a strange failure.
 */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** `pretty` for a person, `json` for a log collector; `auto`: pretty when stdout is a terminal */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** comma-separated origins, or `*`; unset means same-origin only */
  CORS_ORIGIN: z.string().optional(),
  /** the built web client to serve at `/`; skipped when the folder does not exist */
  WEB_DIST: z.string().optional(),
  SNAPSHOT_EVERY: positiveInt(50),
  /** HTTP requests per minute per client address */
  HTTP_RATE_LIMIT: positiveInt(300),
  /** socket actions: bucket size and refill per second */
  ACTION_BURST: positiveInt(20),
  ACTION_RATE: positiveInt(5),
  /** chat messages: bucket size and refill per minute */
  CHAT_BURST: positiveInt(5),
  CHAT_PER_MINUTE: positiveInt(20),
  /** resyncs (each rebuilds a whole view): bucket size and refill per minute, per socket */
  RESYNC_BURST: positiveInt(5),
  RESYNC_PER_MINUTE: positiveInt(30),
  /** socket handshakes (each may look a token up): bucket size and refill per minute, per address */
  HANDSHAKE_BURST: positiveInt(20),
  HANDSHAKE_PER_MINUTE: positiveInt(60),
  BODY_LIMIT: positiveInt(64 * 1024),
  /** largest accepted socket payload in bytes; bigger ones are refused with a code */
  MESSAGE_LIMIT: positiveInt(16 * 1024),
  /**
   * how long a step's update may wait for a viewer nobody waits for, so that several go in one
   * write (0: each at once); the seat that acted and each seat whose decision changed hear at once
   */
  IDLE_UPDATE_MS: z.coerce.number().int().min(0).max(60_000).default(50),
  DB_POOL_SIZE: positiveInt(10),
  /**
   * `on` when several server processes share one PostgreSQL: they tell each other of commits and
   * seat changes through it, and each reads the log before trusting its copy of a game. `off`
   * (one process) saves those round trips.
   */
  CLUSTER: z
    .enum(['on', 'off'])
    .default('off')
    .transform((v) => v === 'on'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
  /** how long a bot waits before it acts, so people can follow (0: at once, for tests) */
  BOT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(800),
  /** how often each process looks at its bot games: leases, away players, stalled bots */
  BOT_TICK_MS: positiveInt(1000),
  /** how long one process drives a game's bots before it must renew; another takes over after */
  BOT_LEASE_MS: positiveInt(15_000),
  /** the address players reach the server at (https://or.example.org), for links in notices */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /**
   * comma-separated host names (or addresses) webhooks may be sent to; unset: any host whose
   * addresses are public (never loopback, private or link-local ones: no SSRF into the host's
   * own network). A host listed here is allowed whatever its addresses.
   */
  WEBHOOK_HOSTS: z.string().optional(),
  /** decisions that come within this window are sent to one address as one message (a digest) */
  NOTIFY_DIGEST_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** a decision still unanswered this long after its notice is told once more (0: never) */
  NOTIFY_REMIND_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(12 * 3600),
  /** how many times a notice is tried (with doubling back-off from 2 s) before it is given up */
  NOTIFY_ATTEMPTS: positiveInt(6),
  /** the SMTP server for e-mail notices (smtp:// or smtps://, with user:password@ if needed); unset: no e-mail */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** how often each process looks for turn clocks that ran out */
  TURN_CLOCK_TICK_MS: positiveInt(5000),
  /** the sender of e-mail notices */
  MAIL_FROM: z.string().min(3).default('Outer Rim online <noreply@localhost>'),
});

export type Config = z.output<typeof ConfigSchema>;
export type ConfigInput = z.input<typeof ConfigSchema>;

export class ConfigError extends Error {
  readonly code = 'BAD_CONFIG';
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Exit status for bad configuration (sysexits EX_CONFIG), so supervisors can tell it apart. */
export const EXIT_BAD_CONFIG = 78;

export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable (FOO= in a compose file) means "not set", not "set to nothing".
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = ConfigSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  return result.data;
}
