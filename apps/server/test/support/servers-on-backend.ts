import { afterAll, beforeAll } from 'vitest';
import { prepareBackend, type Backend } from './backends.js';
import { startServer, type RunningServer } from './server.js';

/** What `serversOnBackend` starts, read once its `beforeAll` has run. */
export interface ServersOnBackend {
  readonly backend: Backend;
  readonly servers: RunningServer[];
}

/**
 * For the describe block it is called in: a database of its own (`kind`, named after `tag`) and
 * `processes` servers on it, sharing it with CLUSTER=on when there is more than one, each with the
 * configuration `overrides`; closed and dropped after the block.
 */
export function serversOnBackend(
  kind: 'postgres' | 'pglite',
  tag: string,
  processes: number,
  overrides: Record<string, string> = {},
): ServersOnBackend {
  let backend: Backend | undefined;
  let servers: RunningServer[] = [];
  beforeAll(async () => {
    backend = await prepareBackend(kind, tag);
    const config = backend.config(processes > 1 ? { ...overrides, CLUSTER: 'on' } : overrides);
    servers = await Promise.all(Array.from({ length: processes }, () => startServer(config)));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await backend?.dispose();
  });
  return {
    get backend() {
      if (backend === undefined) throw new Error('the backend is prepared in beforeAll');
      return backend;
    },
    get servers() {
      return servers;
    },
  };
}
