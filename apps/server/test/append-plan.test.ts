import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openDatabase } from '../src/db/database.js';
import type { Database } from '../src/db/database.js';
import { APPEND } from '../src/games/game-store.js';
import { BACKENDS, HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';

/** Stored games, nearly all finished: what a host's database holds after a few months. */
const STORED_GAMES = 5_000;
const PLAYING = ['playing-1', 'playing-2', 'playing-3'];

/** A plan node of `EXPLAIN (FORMAT JSON)`, the fields read here. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

const batch = JSON.stringify(
  PLAYING.map((gameId) => ({
    game_id: gameId,
    seq: 1,
    seat: 0,
    client_id: `plan-${gameId}`,
    type: 'end-turn',
    action: { type: 'end-turn' },
    events: [],
    over: false,
    rules_version: 1,
  })),
);

describe.each(BACKENDS)('the append statement on %s', (kind) => {
  let backend: Backend;
  let database: Database;

  beforeAll(async () => {
    backend = await prepareBackend(kind, 'appendplan');
    const config = backend.config();
    database = await openDatabase(
      kind === 'postgres'
        ? { kind, url: config.DATABASE_URL ?? '' }
        : { kind, dataDir: join(config.DATA_DIR, 'pglite') },
    );
    await database.db.execute(sql`
      insert into games (id, status, options, seed, seed_commitment)
      select case when i <= ${PLAYING.length} then 'playing-' || i else 'over-' || i end,
        case when i <= ${PLAYING.length} then 'playing' else 'over' end, '{}'::jsonb, 's', 'c'
      from generate_series(1, ${STORED_GAMES}) as i`);
    await database.db.execute(sql`analyze games`);
  }, HEAVY_TEST_TIMEOUT);
  afterAll(async () => {
    await database.close();
    await backend.dispose();
  });

  it(
    "finds each game's row by its key however many games are stored, not by reading them all",
    async () => {
      // As the server runs it: a statement prepared once per connection, whose generic plan
      // serves every later commit.
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`prepare append_plan_probe(jsonb) as ${APPEND.text}`));
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        const result: unknown = await tx.execute(
          sql.raw(`explain (format json) execute append_plan_probe('${batch}')`),
        );
        await tx.execute(sql`deallocate append_plan_probe`);
        return (result as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] }).rows[0]?.[
          'QUERY PLAN'
        ][0].Plan;
      });
      expect(plan).toBeDefined();
      const nodes = nodesOf(plan as PlanNode);
      const reads = nodes.filter((node) => node['Relation Name'] === 'games');
      expect(reads.map((node) => node['Node Type'])).not.toContain('Seq Scan');
      expect(nodes.map((node) => node['Index Name'])).toContain('games_pkey');
    },
    HEAVY_TEST_TIMEOUT,
  );
});
