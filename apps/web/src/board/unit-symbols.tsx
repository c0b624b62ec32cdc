import type { Owner, UnitCounts } from '@outer-rim/rules';
import { MINOR_OUTLINE, ownerColour } from '../ui/colours';
import { UNIT_NAMES } from './board-model';
import {
  COUNT_FONT,
  fitScale,
  SYMBOL,
  textWidth,
  unitEntries,
  unitRowWidth,
  type ShownUnit,
} from './hex-layout';

const DARK = '#05070d';

/**
 * One silhouette per unit type, each in a 20×20 box centred on 0,0, filled
 * with the owner's colour by the <use> that draws it: a heavy blunt hull for
 * the Dreadnought, a flat deck for the Carrier, a slim dart for the Cruiser,
 * a small delta for the Fighter, a soldier for the Ground Force, a star for
 * the Shock Force, a gun dome for the PDS and a ring station for the Spacedock.
 */
export function UnitSymbolDefs() {
  return (
    <defs>
      <symbol id="unit-dreadnought" viewBox="-10 -10 20 20" overflow="visible">
        <path d="M-10,-6 L4,-6 L10,0 L4,6 L-10,6 Z" />
        <path d="M-6,-2.5 h7 v5 h-7 z" fill={DARK} stroke="none" />
      </symbol>
      <symbol id="unit-carrier" viewBox="-10 -10 20 20" overflow="visible">
        <path d="M-10,-5 L8,-5 L10,-2 L10,2 L8,5 L-10,5 Z" />
        <path d="M-7,-1 h13 v2 h-13 z" fill={DARK} stroke="none" />
      </symbol>
      <symbol id="unit-cruiser" viewBox="-10 -10 20 20" overflow="visible">
        <path d="M-10,-3.5 L3,-3.5 L10,0 L3,3.5 L-10,3.5 Z" />
      </symbol>
      <symbol id="unit-fighter" viewBox="-10 -10 20 20" overflow="visible">
        <path d="M9,0 L-8,-8 L-4,0 L-8,8 Z" />
      </symbol>
      <symbol id="unit-ground-force" viewBox="-10 -10 20 20" overflow="visible">
        <circle cx="0" cy="-5" r="4.2" />
        <path d="M-8,9 Q-8,0 0,0 Q8,0 8,9 Z" />
      </symbol>
      <symbol id="unit-shock-force" viewBox="-10 -10 20 20" overflow="visible">
        <path d="M0,-10 L2.6,-3.4 L9.5,-3.1 L4.1,1.3 L5.9,8.1 L0,4.2 L-5.9,8.1 L-4.1,1.3 L-9.5,-3.1 L-2.6,-3.4 Z" />
      </symbol>
      <symbol id="unit-pds" viewBox="-10 -10 20 20" overflow="visible">
        <path d="M-9,9 A9,9 0 0 1 9,9 Z" />
        <path d="M-1.8,1 L5,-9 L8,-7 L1.8,2 Z" />
      </symbol>
      <symbol id="unit-spacedock" viewBox="-10 -10 20 20" overflow="visible">
        <path
          fill-rule="evenodd"
          d="M-9,0 a9,9 0 1,0 18,0 a9,9 0 1,0 -18,0 Z M-4,0 a4,4 0 1,0 8,0 a4,4 0 1,0 -8,0 Z"
        />
      </symbol>
      <marker
        id="route-arrow"
        viewBox="0 0 10 10"
        refX="8"
        refY="5"
        markerWidth="5"
        markerHeight="5"
        orient="auto-start-reverse"
      >
        <path d="M0,0 L10,5 L0,10 Z" fill="#7cf29c" />
      </marker>
      <pattern
        id="minor-hatch"
        width="6"
        height="6"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="6" height="6" fill={ownerColour('minor:hacan')} />
        <rect width="2" height="6" fill={MINOR_OUTLINE} opacity="0.45" />
      </pattern>
    </defs>
  );
}

export function UnitSymbol({
  kind,
  owner,
  x,
  y,
  size = SYMBOL,
}: {
  kind: ShownUnit;
  owner: Owner;
  x: number;
  y: number;
  size?: number;
}) {
  const minor = typeof owner === 'string';
  return (
    <use
      href={`#unit-${kind}`}
      class={`unit-symbol unit-${kind}${minor ? ' unit-minor' : ''}`}
      data-unit={kind}
      x={x - size / 2}
      y={y - size / 2}
      width={size}
      height={size}
      fill={minor ? 'url(#minor-hatch)' : ownerColour(owner)}
      stroke={minor ? MINOR_OUTLINE : DARK}
      stroke-width={minor ? 1.4 : 1.1}
      {...(minor ? { 'stroke-dasharray': '2.5 1.5' } : {})}
    />
  );
}

/**
 * One owner's units as symbols with counts, starting at x (left) on the
 * line y, shrunk as a whole when wider than `width` so it stays in its hex.
 */
export function UnitRow({
  owner,
  units,
  x,
  y,
  width,
  align = 'middle',
  label,
}: {
  owner: Owner;
  units: UnitCounts;
  x: number;
  y: number;
  width: number;
  align?: 'start' | 'middle';
  /** Who owns them, for the hover title. */
  label: string;
}) {
  const natural = unitRowWidth(units);
  const scale = fitScale(natural, width);
  const left = align === 'middle' ? -natural / 2 : 0;
  let cursor = left;
  const parts = unitEntries(units).map(([kind, count]) => {
    const at = cursor;
    cursor += SYMBOL + 2 + textWidth(String(count), COUNT_FONT) + 4;
    return (
      <g key={kind}>
        <UnitSymbol kind={kind} owner={owner} x={at + SYMBOL / 2} y={0} />
        <text x={at + SYMBOL + 1} y={COUNT_FONT * 0.36} class="unit-count">
          {count}
        </text>
      </g>
    );
  });
  const words = unitEntries(units)
    .map(([kind, n]) => `${n} ${UNIT_NAMES[kind]}`)
    .join(', ');
  return (
    <g
      class="unit-row"
      data-owner={String(owner)}
      transform={`translate(${round(x)} ${round(y)}) scale(${round(scale, 1000)})`}
    >
      <title>{`${label}: ${words}`}</title>
      {parts}
    </g>
  );
}

function round(n: number, by = 10): number {
  return Math.round(n * by) / by;
}
