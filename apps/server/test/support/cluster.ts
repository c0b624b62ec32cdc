import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.js';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries Debian installed (initdb, pg_ctl). */
async function binaries(): Promise<string> {
  const versions = (await readdir('/usr/lib/postgresql')).sort((a, b) => Number(b) - Number(a));
  const [newest] = versions;
  if (newest === undefined) throw new Error('no PostgreSQL in /usr/lib/postgresql');
  return join('/usr/lib/postgresql', newest, 'bin');
}

/** PostgreSQL refuses to run as root: as root, run its tools as the `postgres` user. */
async function asOwner(): Promise<{ prefix: string[]; uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const [uid, gid] = await Promise.all([
    run('id', ['-u', 'postgres']).then((r) => Number(r.stdout.trim())),
    run('id', ['-g', 'postgres']).then((r) => Number(r.stdout.trim())),
  ]);
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid };
}

export interface Cluster {
  /** the cluster's `postgres` database, trust authentication */
  url: string;
  port: number;
  /** `pg_ctl stop -m immediate`: every backend dies at once, as in a crash or a power cut */
  crash(): Promise<void>;
  /** starts it again on the same port and data folder (crash recovery replays its WAL) */
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own (data folder, port, socket folder), to stop and start
 * at will without touching the shared one.
 */
export async function startCluster(): Promise<Cluster> {
  const bin = await binaries();
  const owner = await asOwner();
  const dir = await mkdtemp(join(tmpdir(), 'or-cluster-'));
  if (owner.uid !== undefined && owner.gid !== undefined) await chown(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  const tool = (name: string, args: string[]) => {
    const [command = join(bin, name), ...rest] = [...owner.prefix, join(bin, name), ...args];
    return run(command, rest, { cwd: dir, timeout: 60_000 });
  };
  await tool('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  // No fsync: the test crashes the server process, not the machine; the WAL still replays.
  const options = `-p ${String(port)} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await tool('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-o',
      options,
      '-w',
      '-t',
      '30',
      'start',
    ]);
  };
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${String(port)}/postgres`,
    port,
    crash: async () => {
      await tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    start,
    dispose: async () => {
      await tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
