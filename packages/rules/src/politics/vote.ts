import { MECATOL_REX } from './names.js';
import { influenceOf, resourcesOf } from '../state/economy.js';
import type { Seat, Table } from '../state/types.js';
import { hasLaw } from './laws.js';

/**
 * BG-8 voting order: least influence first. Ties (our decision, after the
 * TI2 FAQ's "fewest resources, techs, credits"): fewer resources, then fewer
 * technologies, then fewer credits, then the lower seat number — public and
 * fixed, so no die is needed for it. Holder of Mecatol Rex: Mecatol Rex's
 * controller always votes last.
 */
export function votingOrder(t: Table): Seat[] {
  const order = influenceOrder(t);
  const holder = t.planets[MECATOL_REX]?.owner;
  if (hasLaw(t, 'holder-of-mecatol-rex') && typeof holder === 'number') {
    return [...order.filter((s) => s !== holder), holder];
  }
  return order;
}

/** Seats from least to most influence, with the ties broken as above. */
function influenceOrder(t: Table): Seat[] {
  const key = (s: Seat): number[] => {
    const p = t.players[s];
    return [influenceOf(t, s), resourcesOf(t, s), p?.technologies.length ?? 0, p?.credits ?? 0, s];
  };
  const keys = t.players.map((_, s) => key(s));
  return t.players
    .map((_, s) => s)
    .sort((a, b) => {
      const ka = keys[a] ?? [];
      const kb = keys[b] ?? [];
      for (let i = 0; i < ka.length; i++) {
        const diff = (ka[i] ?? 0) - (kb[i] ?? 0);
        if (diff !== 0) return diff;
      }
      return 0;
    });
}

/** BG-8: a tie (or a vote nobody voted in) is decided by the most influential player. */
export function tieDecider(t: Table): Seat {
  const byInfluence = influenceOrder(t);
  return byInfluence[byInfluence.length - 1] ?? 0;
}

/** Votes per choice, and the choices with the most votes (all of `options` when nobody voted). */
export function tally(
  ballots: readonly { choice: string; votes: number }[],
  options: readonly string[],
): { counts: Record<string, number>; leaders: string[] } {
  const counts: Record<string, number> = {};
  for (const b of ballots) {
    if (b.choice === 'abstain') continue;
    counts[b.choice] = (counts[b.choice] ?? 0) + b.votes;
  }
  const cast = Object.values(counts);
  const best = cast.length === 0 ? 0 : Math.max(...cast);
  const leaders = best === 0 ? [...options] : options.filter((o) => (counts[o] ?? 0) === best);
  return { counts, leaders };
}
