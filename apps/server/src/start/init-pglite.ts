/**
 * Creates the embedded database in the folder given as the only argument,
 * and exits. PGlite's first start runs initdb inside WebAssembly, which
 * takes most of a first start and briefly several hundred MB: done in this
 * short-lived process, it overlaps the web client's build and leaves the
 * server's own memory at what it needs to run.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (dir === undefined) {
  process.stderr.write('usage: init-pglite <data folder>\n');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
const client = await PGlite.create(dir);
await client.close();
