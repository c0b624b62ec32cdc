import { describe, expect, it } from 'vitest';
import { canonicalJson, corpusSpecs, digestOf, replayWithEvents } from './testing/corpus.js';
import { readCorpusGame, sha256, storedCorpusIds } from './testing/corpus-files.js';

/**
 * The engine keeps behaviour: every recorded whole game (testing/corpus.ts) replays to the same
 * final state, the same events at every step, and the same events for every viewer.
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
      expect(canonicalJson(finalState)).toBe(canonicalJson(stored.finalState));
      expect(digestOf(spec.players, events, finalState, sha256)).toEqual(stored.digest);
    });
  }
});
