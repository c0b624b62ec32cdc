import { describe, expect, it } from 'vitest';
import { canonicalJson, corpusSpecs, digestOf, replayWithEvents } from './testing/corpus.js';
import { readCorpusGame, sha256, storedCorpusIds } from './testing/corpus-files.js';
import { migrateState } from './state/migrate.js';

/**
 * The engine keeps behaviour: every recorded whole game (testing/corpus.ts) replays to the same
 * final state, the same events at every step, and the same events for every viewer. A game
 * recorded under an older `schemaVersion` replays to its final state as `migrateState` brings
 * it up (the version is all that changes): the state a server stored then is the state now.
 */
describe('the corpus of recorded whole games replays identically', () => {
  const specs = corpusSpecs();

  it('holds one recorded game for each spec, recorded from that spec', () => {
    expect(storedCorpusIds()).toEqual(specs.map((s) => s.id).sort());
    for (const spec of specs) expect(readCorpusGame(spec.id).spec).toEqual(spec);
  });

  for (const spec of specs) {
    it(`${spec.id} (${spec.players} seats, ${spec.driver})`, () => {
      const stored = readCorpusGame(spec.id);
      const { events, finalState } = replayWithEvents(spec, stored.actions);
      const step = events.findIndex((e, i) => canonicalJson(e) !== canonicalJson(stored.events[i]));
      expect(step, `the events of step ${step} differ`).toBe(-1);
      const recorded = stored.finalState;
      expect(canonicalJson(finalState)).toBe(canonicalJson(migrateState(recorded)));
      const digest = digestOf(spec.players, events, recorded, sha256);
      expect(digest, 'the file holds the digest of its own events and state').toEqual(
        stored.digest,
      );
      expect(digestOf(spec.players, events, finalState, sha256).viewers).toEqual(digest.viewers);
    });
  }
});
