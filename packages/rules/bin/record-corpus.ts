/**
 * Records the corpus of whole games (`npm run corpus:record -w @outer-rim/rules [-- id …]`):
 * plays every game of `corpusSpecs()` (or the ones named) and writes what the engine did to
 * `packages/rules/corpus/`. Run it only when a rules change is meant to change those games, and
 * say in the commit which games changed and why.
 */
import { corpusSpecs, digestOf, playCorpusGame } from '../src/testing/corpus.js';
import { sha256, writeCorpusGame } from '../src/testing/corpus-files.js';

const only = new Set(process.argv.slice(2));
for (const spec of corpusSpecs()) {
  if (only.size > 0 && !only.has(spec.id)) continue;
  const t0 = performance.now();
  const game = playCorpusGame(spec);
  const digest = digestOf(spec.players, game.events, game.finalState, sha256);
  writeCorpusGame({ ...game, digest });
  const end =
    game.finalState.phase.name === 'game-over'
      ? game.finalState.phase.reason
      : `round ${game.finalState.round}`;
  console.log(
    `${spec.id}: ${game.actions.length} actions, ${end} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
}
