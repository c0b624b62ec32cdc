/**
 * Where the corpus games live and how one is read and written: gzipped JSON, one file a game,
 * under `packages/rules/corpus/`. Test-side I/O (testing/ may touch the file system; src/ may not).
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { CorpusDigest, CorpusGame } from './corpus.js';

export const CORPUS_DIR = fileURLToPath(new URL('../../corpus/', import.meta.url));

export interface StoredCorpusGame extends CorpusGame {
  readonly digest: CorpusDigest;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function corpusFile(id: string): string {
  return `${CORPUS_DIR}${id}.json.gz`;
}

export function storedCorpusIds(): string[] {
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.json.gz'))
    .map((f) => f.slice(0, -'.json.gz'.length))
    .sort();
}

export function readCorpusGame(id: string): StoredCorpusGame {
  return JSON.parse(gunzipSync(readFileSync(corpusFile(id))).toString('utf8')) as StoredCorpusGame;
}

export function writeCorpusGame(game: StoredCorpusGame): void {
  // mtime 0 in the gzip header: the same game gives the same bytes, so git sees no change.
  writeFileSync(corpusFile(game.spec.id), gzipSync(JSON.stringify(game), { level: 9 }));
}
