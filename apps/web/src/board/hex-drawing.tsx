import { leaderName } from '@outer-rim/rules';
import { raceLabel } from '../lobby/race';
import { MINOR_OUTLINE, NEUTRAL_COLOUR, ownerColour, ownerName } from '../ui/colours';
import { stackLabel, UNIT_NAMES, type BoardHex, type BoardPlanet } from './board-model';
import {
  ANOMALY_FONT,
  ANOMALY_Y,
  DISC,
  fitScale,
  fitText,
  GLYPH_WIDTH,
  GLYPH_WIDTH_REGULAR,
  INLINE_UNITS,
  textWidth,
  lineWidth,
  PLANET_FONT,
  planetLayout,
  planetRows,
  type PlanetRows,
  spaceRow,
  SYMBOL,
  TITLE_FONT,
  TITLE_Y,
  unitRowWidth,
} from './hex-layout';
import { UnitRow } from './unit-symbols';

/**
 * One hex of the board, drawn: its shape (fill, owner's border, the target for the pointer) and
 * what it holds (title, planets, units), with the words its hover title says.
 */

const ANOMALY_FILL: Record<string, string> = {
  nebula: '#4a3763',
  'gravity-rift': '#3b1f1f',
  supernova: '#8a3b12',
  'asteroid-field': '#4b4536',
};

function fillOf(h: BoardHex): string {
  if (h.kind === 'gap') return '#05070d';
  if (h.kind === 'empty') return '#101626';
  if (h.tile?.anomaly !== undefined) return ANOMALY_FILL[h.tile.anomaly] ?? '#222';
  if (h.tile?.kind === 'mecatol') return '#36405e';
  if (h.homeOf !== undefined || h.tile?.kind === 'home') return '#1f3350';
  return '#1a2540';
}

export interface HexShapeProps {
  readonly hex: BoardHex;
  readonly names: readonly string[];
  readonly highlighted: boolean;
  readonly marked: boolean;
  readonly selected: boolean;
  readonly onEnter: (event: PointerEvent) => void;
  readonly onClick: () => void;
}

/** The hex itself: its fill, its owner's border, and the target for pointer and click. */
export function HexShape({
  hex: h,
  names,
  highlighted,
  marked,
  selected,
  onEnter,
  onClick,
}: HexShapeProps) {
  const classes = ['hex', `hex-${h.kind}`];
  if (highlighted) classes.push('hex-legal');
  if (marked) classes.push('hex-marked');
  if (selected) classes.push('hex-selected');
  const home = h.homeOf;
  return (
    <g class={classes.join(' ')} data-hex={h.key} onPointerEnter={onEnter} onClick={onClick}>
      <title>{hexSummary(h, names)}</title>
      <polygon
        points={h.points}
        fill={fillOf(h)}
        stroke={home === undefined ? '#4b5a80' : ownerColour(home)}
        stroke-width={home === undefined ? 3 : 8}
      />
    </g>
  );
}

/** What a hex holds, drawn above every hex shape so long labels are never covered by a neighbour. */
export function HexContent({ hex: h, names }: { hex: BoardHex; names: readonly string[] }) {
  const { x, y } = h.centre;
  const home = h.homeOf;
  const race = h.tile?.race ?? h.minorRace;
  const anomaly = h.tile?.anomaly?.replace('-', ' ');
  const wormhole = h.tile?.wormhole;
  const glyph = wormhole === undefined ? '' : wormhole === 'alpha' ? 'α' : 'β';
  const title =
    race === undefined
      ? (anomaly ?? (wormhole === undefined ? undefined : `${wormhole} wormhole`))
      : home === undefined
        ? `${raceLabel(race)} (minor)`
        : (names[home] ?? raceLabel(race));
  // Marks that follow the title on its line: the wormhole's letter, the leaders' star.
  const marks = [
    ...(wormhole !== undefined && title !== `${wormhole} wormhole`
      ? [{ text: glyph, class: 'wormhole', title: `${wormhole} wormhole` }]
      : []),
    ...(h.leaders.length === 0
      ? []
      : [
          {
            // OR-6.2: a star with how many leaders stand here (initials would not fit the title
            // line at 1280×720); who they are and where is on hover.
            text: `★${String(h.leaders.length)}`,
            class: 'leader',
            // The first leader's owner's colour (leaders of two owners share a hex only mid-invasion).
            ...(h.leaders[0] === undefined ? {} : { fill: ownerColour(h.leaders[0].seat) }),
            title: h.leaders
              .map(
                (l) =>
                  `${names[l.seat] ?? ''}: ${leaderName(l.leader.id)}${l.leader.planet === undefined ? (l.leader.ship === undefined ? '' : `, aboard a ${l.leader.ship}`) : `, on ${l.leader.planet}`}`,
              )
              .join('; '),
          },
        ]),
  ];
  const rows = planetRows(h.planets, h.space.length);
  const raceTitle = race !== undefined;
  return (
    <g class="hex-content" data-content={h.key}>
      {h.kind === 'gap' ? (
        <text x={x} y={y + 6} class="hex-label faint">
          gap
        </text>
      ) : null}
      {title === undefined && marks.length === 0 ? null : (
        <FittedText
          text={title ?? ''}
          marks={marks}
          x={x}
          y={y + (raceTitle ? TITLE_Y : ANOMALY_Y)}
          font={raceTitle ? TITLE_FONT : ANOMALY_FONT}
          glyph={raceTitle ? GLYPH_WIDTH : GLYPH_WIDTH_REGULAR}
          width={raceTitle ? lineWidth(TITLE_Y, TITLE_FONT) : lineWidth(ANOMALY_Y, ANOMALY_FONT)}
          class={
            !raceTitle
              ? anomaly === undefined
                ? 'hex-label wormhole-name'
                : 'hex-label anomaly'
              : home === undefined
                ? 'hex-label race minor'
                : 'hex-label race'
          }
        />
      )}
      {race !== undefined && anomaly !== undefined ? (
        <text x={x} y={y + 70} class="hex-label anomaly small">
          {anomaly}
        </text>
      ) : null}
      {h.planets.map((planet, index) => (
        <PlanetLine
          key={planet.name}
          planet={planet}
          x={x}
          rows={rows[index] ?? { name: 0 }}
          y={y}
          names={names}
        />
      ))}
      {h.space.map((stack, i) => (
        <UnitRow
          key={String(stack.owner)}
          owner={stack.owner}
          units={stack.units}
          x={x}
          y={y + spaceRow(i)}
          width={lineWidth(spaceRow(i), SYMBOL + 2)}
          label={ownerName(stack.owner, names)}
        />
      ))}
      {h.planets.length === 0 && h.kind === 'tile' && title === undefined ? (
        <text x={x} y={y + (h.space.length > 0 ? -20 : 6)} class="hex-label faint">
          empty space
        </text>
      ) : null}
    </g>
  );
}

/** A line of text shortened to its width; the full text stays in its <title> and in the details. */
function FittedText(props: {
  text: string;
  /** Short marks after the text (a wormhole's letter, a leader's star), each with its own title. */
  marks?: readonly { text: string; class: string; title: string; fill?: string }[];
  x: number;
  y: number;
  font: number;
  width: number;
  class: string;
  /** Glyph width per unit of font size, for the estimate (bold titles are wider). */
  glyph?: number;
}) {
  const marks = props.marks ?? [];
  const markWidth = marks.reduce((w, m) => w + textWidth(m.text, props.font) + 6, 0);
  const fitted = fitText(props.text, props.font, props.width - markWidth, props.glyph);
  // The title and its marks are centred together; the marks are a text of their own so the
  // title's text is the name alone.
  const shift = markWidth / 2;
  const after = props.x - shift + textWidth(fitted.text, props.font, props.glyph) / 2 + 6;
  return (
    <>
      {props.text === '' ? null : (
        <text x={props.x - shift} y={props.y} class={props.class} data-full={props.text}>
          {fitted.shortened ? <title>{props.text}</title> : null}
          {fitted.text}
        </text>
      )}
      {marks.length === 0 ? null : (
        <text x={props.text === '' ? props.x - shift : after} y={props.y} class="hex-label marks">
          {marks.map((m, i) => (
            <tspan
              key={m.class}
              class={`mark ${m.class}`}
              dx={i === 0 ? 0 : 6}
              {...(m.fill === undefined ? {} : { fill: m.fill })}
            >
              <title>{m.title}</title>
              {m.text}
            </tspan>
          ))}
        </text>
      )}
    </>
  );
}

/**
 * A planet: a disc in its owner's colour (hollow when neutral, hatched for a
 * minor race), its name, resources/influence when they fit, and the units on
 * it as symbols; the name is shortened, then the whole line shrunk, to stay
 * inside the hex.
 */
function PlanetLine({
  planet,
  x,
  y,
  rows,
  names,
}: {
  planet: BoardPlanet;
  /** The hex's centre. */
  x: number;
  y: number;
  /** Heights of its lines from the centre, which decide how wide the hex is there. */
  rows: PlanetRows;
  names: readonly string[];
}) {
  const inline = rows.units === undefined;
  const layout = planetLayout(planet, lineWidth(rows.name, PLANET_FONT + 2), inline);
  const owner = planet.owner;
  const minor = typeof owner === 'string';
  let cursor = DISC + layout.nameWidth + layout.valuesWidth + 6;
  const stacks = planet.stacks.map((stack) => {
    const label = ownerName(stack.owner, names);
    if (!inline) return { stack, label, at: 0 };
    const at = cursor;
    cursor += unitRowWidth(stack.units) * INLINE_UNITS + 6;
    return { stack, label, at };
  });
  const unitsY = rows.units ?? 0;
  const ownWidth = stacks.reduce((sum, s) => sum + unitRowWidth(s.stack.units) + 10, -10);
  const ownScale = fitScale(ownWidth, lineWidth(unitsY, SYMBOL + 2));
  let ownCursor = x - (ownWidth * ownScale) / 2;
  return (
    <g class="planet" data-planet={planet.name}>
      <g
        class="planet-line"
        transform={`translate(${Math.round(x - (layout.width * layout.scale) / 2)} ${y + rows.name}) scale(${Math.round(layout.scale * 1000) / 1000})`}
      >
        <title>
          {`${planet.name} — ${planet.resources} resources, ${planet.influence} influence; ${owner === null ? 'neutral' : `held by ${ownerName(owner, names)}`}`}
        </title>
        <circle
          cx={7}
          cy={-6}
          r={7}
          class={
            owner === null ? 'planet-disc neutral' : minor ? 'planet-disc minor' : 'planet-disc'
          }
          fill={owner === null ? 'none' : minor ? 'url(#minor-hatch)' : ownerColour(owner)}
          stroke={owner === null ? NEUTRAL_COLOUR : minor ? MINOR_OUTLINE : '#05070d'}
          stroke-width={owner === null ? 3 : 1.5}
          {...(minor ? { 'stroke-dasharray': '3 2' } : {})}
        />
        <text x={DISC} y={0} class="hex-planet" data-full={planet.name}>
          {layout.name}
          {layout.valuesWidth === 0 ? null : (
            <tspan class="hex-values" dx={4}>
              {planet.resources}/{planet.influence}
            </tspan>
          )}
        </text>
        {inline
          ? stacks.map(({ stack, label, at }) => (
              <UnitRow
                key={String(stack.owner)}
                owner={stack.owner}
                units={stack.units}
                x={at}
                y={-6}
                width={unitRowWidth(stack.units) * INLINE_UNITS}
                align="start"
                label={label}
              />
            ))
          : null}
      </g>
      {inline
        ? null
        : stacks.map(({ stack, label }) => {
            const w = unitRowWidth(stack.units) * ownScale;
            const at = ownCursor + w / 2;
            ownCursor += w + 10 * ownScale;
            return (
              <UnitRow
                key={String(stack.owner)}
                owner={stack.owner}
                units={stack.units}
                x={at}
                y={y + unitsY}
                width={w}
                label={label}
              />
            );
          })}
    </g>
  );
}

/** The hover title of a hex: every full name and every owner's units, in words. */
export function hexSummary(h: BoardHex, names: readonly string[]): string {
  const parts: string[] = [];
  if (h.homeOf !== undefined) parts.push(`Home of ${names[h.homeOf] ?? ''}`);
  else if (h.minorRace !== undefined) parts.push(`${raceLabel(h.minorRace)} (minor race)`);
  if (h.tile?.anomaly !== undefined) parts.push(h.tile.anomaly.replace('-', ' '));
  if (h.tile?.wormhole !== undefined) parts.push(`${h.tile.wormhole} wormhole`);
  for (const planet of h.planets) {
    const held = planet.owner === null ? 'neutral' : ownerName(planet.owner, names);
    const units = planet.stacks
      .map((s) => `${ownerName(s.owner, names)}: ${stackLabel(s.units, UNIT_NAMES)}`)
      .join('; ');
    parts.push(
      `${planet.name} ${planet.resources}/${planet.influence} (${held})${units === '' ? '' : ` — ${units}`}`,
    );
  }
  for (const s of h.space)
    parts.push(`In space, ${ownerName(s.owner, names)}: ${stackLabel(s.units, UNIT_NAMES)}`);
  if (parts.length === 0)
    parts.push(h.kind === 'gap' ? 'Gap' : h.kind === 'empty' ? 'Not yet placed' : 'Empty space');
  return parts.join('\n');
}
