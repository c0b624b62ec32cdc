/**
 * Every provisional value of this package in one list, generated from the
 * data itself, so the "Rules notes" of docs/rules.md cannot drift from the code.
 */
import { CATALOGUE_NOTES, tileById } from './catalogue.js';
import { hexKey } from './geometry.js';
import { layout, SQUEEZED_CREDITS, TIGHT_CREDITS } from './layouts.js';
import { RANDOM_PLANET_CHART } from './minor-races.js';

export interface ProvisionalValue {
  /** What the value is about: a tile id, "planet <name>", or a rule id. */
  readonly subject: string;
  /** The value we use. */
  readonly value: string;
  /** Why: the source or the reasoning behind it. */
  readonly why: string;
}

function describeTile(tileId: string): string {
  const tile = tileById(tileId);
  if (!tile) return tileId;
  const parts = [
    tile.planets.length > 0 ? `${tile.planets.length} planet(s)` : 'no planets',
    ...(tile.anomaly ? [tile.anomaly] : []),
    ...(tile.wormhole ? [`${tile.wormhole} wormhole`] : []),
  ];
  return `${tile.name} (${tile.set}): ${parts.join(', ')}`;
}

const catalogueValues: ProvisionalValue[] = CATALOGUE_NOTES.map((n) => {
  if (n.planet === undefined) {
    return { subject: `tile ${n.tileId}`, value: describeTile(n.tileId), why: n.note };
  }
  const planet = tileById(n.tileId)?.planets.find((pl) => pl.name === n.planet);
  return {
    subject: `planet ${n.planet}`,
    value: `${String(planet?.resources)} resources / ${String(planet?.influence)} influence`,
    why: n.note,
  };
});

const homesText = (players: number, variant: 'standard' | 'long-parsecs'): string =>
  layout(players, variant).homes.map(hexKey).join(' ');

const printedRanges = RANDOM_PLANET_CHART.map((r) => `${r.from}-${r.to}`).join(', ');

const ruleValues: ProvisionalValue[] = [
  {
    subject: 'OR-2.2 Random Planet Chart',
    value: `rolls outside ${printedRanges} pick uniformly among the eligible planet systems the chart does not name`,
    why: 'the printed chart is cut off after row 20-21 (RULES-SPEC OR-2.2, outer-rim-facts §5 Table B)',
  },
  ...[2, 3, 4, 5, 6, 7, 8].map((n): ProvisionalValue => ({
    subject: `BG-4 / OR-3 home positions, ${n} players`,
    value: `standard ${homesText(n, 'standard')}; Long Parsecs ${homesText(n, 'long-parsecs')}`,
    why: 'diagrams missing; reconstructed in outer-rim-facts §2.5 (axial q,r, seats clockwise from the top)',
  })),
  {
    subject: 'OR-3 seven-player credits',
    value: `Tight seat ${hexKey({ q: -2, r: 4 })} +${TIGHT_CREDITS}; its two neighbours Squeezed +${SQUEEZED_CREDITS}`,
    why: 'Chart 2 missing; the rulebook gives the amounts, the seats follow the reconstructed layout',
  },
  {
    subject: 'OR-2.1 eight players',
    value: 'the empty system set aside is chosen at random among the empty systems',
    why: 'the arithmetic needs one tile fewer; which one is unstated (outer-rim-facts §12)',
  },
  {
    subject: 'OR-4.1 / OR-4.2 / BG-4 anomaly adjacency',
    value:
      'read both ways: no anomaly may be laid beside another unless every open hex of the ring touches one',
    why: 'the rulebook states each ban from the side of the tile being laid; one-way reading would depend on order',
  },
  {
    subject: 'BG-5 wormholes',
    value:
      'alpha connects to alpha, beta to beta; the jump costs no extra step; Lodor (alpha) and Quann (beta) carry wormholes',
    why: 'TI1 wormhole pairing unknown; TI3 convention so that the single alpha and beta tiles have a partner',
  },
];

export const PROVISIONAL_VALUES: readonly ProvisionalValue[] = [...ruleValues, ...catalogueValues];
