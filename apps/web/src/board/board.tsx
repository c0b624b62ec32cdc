import type { HexKey } from '@outer-rim/map';
import { leaderName, type GameView } from '@outer-rim/rules';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Icon } from '../ui/icons';
import { raceLabel } from '../lobby/race';
import { MINOR_OUTLINE, NEUTRAL_COLOUR, ownerColour, ownerName } from '../ui/colours';
import { HexDetails } from './hex-details';
import { boardModel, stackLabel, UNIT_NAMES, type BoardHex, type BoardPlanet } from './board-model';
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
import { UnitRow, UnitSymbolDefs } from './unit-symbols';
import { openingBox, panBy, toBoard, unitsPerPixel, zoomAt, type ViewBox } from './viewport';

export interface BoardProps {
  readonly view: GameView;
  /** Hexes a legal action of this seat refers to (galaxy building: where a tile may go). */
  readonly highlighted?: ReadonlySet<HexKey>;
  readonly selected?: HexKey | undefined;
  /** A fleet's way: where it starts, then every hex it enters (drawn as a line with an arrow). */
  readonly route?: readonly HexKey[] | undefined;
  /** Hexes set apart from the highlighted ones (a gravity rift's allowed neighbours). */
  readonly marked?: ReadonlySet<HexKey> | undefined;
  readonly onSelect?: (key: HexKey) => void;
  readonly names: readonly string[];
  /** The viewer's seat: a narrow screen opens on its home system. */
  readonly seat?: number | undefined;
}

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

interface Drag {
  readonly pointers: Map<number, { x: number; y: number }>;
  moved: boolean;
}

/** The galaxy as SVG: zoom with the wheel or a pinch, pan by dragging, tap a hex for details. */
export function Board({
  view,
  highlighted,
  selected,
  route,
  marked,
  onSelect,
  names,
  seat,
}: BoardProps) {
  const model = useMemo(() => boardModel(view), [view]);
  const [box, setBox] = useState<ViewBox>(model.bounds);
  const [hovered, setHovered] = useState<HexKey | undefined>(undefined);
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag>({ pointers: new Map(), moved: false });

  // A phone's screen shows the whole galaxy too small to read: it opens on the viewer's home (or
  // Mecatol Rex), a few systems across, and the fit button shows the whole galaxy.
  useLayoutEffect(() => {
    const r = svg.current?.getBoundingClientRect();
    if (r === undefined) return;
    const home = seat === undefined ? undefined : view.galaxy.homes[seat];
    const centre = model.hexes.find(
      (h) => home !== undefined && h.hex.q === home.q && h.hex.r === home.r,
    )?.centre ?? { x: 0, y: 0 };
    setBox(openingBox(model.bounds, r, centre));
  }, [model.bounds.width, model.bounds.height]);

  const rect = () => svg.current?.getBoundingClientRect();

  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    const r = rect();
    if (r === undefined) return;
    const at = toBoard(box, r, { x: event.clientX, y: event.clientY });
    setBox(zoomAt(box, event.deltaY < 0 ? 1.2 : 1 / 1.2, at, model.bounds));
  };

  const onPointerDown = (event: PointerEvent) => {
    drag.current.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    drag.current.moved = false;
  };

  const onPointerMove = (event: PointerEvent) => {
    const pointers = drag.current.pointers;
    const last = pointers.get(event.pointerId);
    const r = rect();
    if (last === undefined || r === undefined) return;
    const scale = unitsPerPixel(box, r);
    if (pointers.size === 1) {
      const dx = event.clientX - last.x;
      const dy = event.clientY - last.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) drag.current.moved = true;
      if (drag.current.moved) {
        setBox(panBy(box, dx * scale, dy * scale));
        // A system's details follow the pointer, never a pan: nothing stays over the board.
        setHovered(undefined);
      }
    } else if (pointers.size === 2) {
      const other = [...pointers.entries()].find(([id]) => id !== event.pointerId)?.[1];
      if (other !== undefined) {
        const before = Math.hypot(last.x - other.x, last.y - other.y);
        const after = Math.hypot(event.clientX - other.x, event.clientY - other.y);
        const mid = { x: (event.clientX + other.x) / 2, y: (event.clientY + other.y) / 2 };
        if (before > 0) setBox(zoomAt(box, after / before, toBoard(box, r, mid), model.bounds));
        drag.current.moved = true;
      }
    }
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };

  const onPointerUp = (event: PointerEvent) => {
    drag.current.pointers.delete(event.pointerId);
  };

  const zoomButton = (factor: number) => () => {
    setBox(
      zoomAt(box, factor, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, model.bounds),
    );
  };

  const focus = hovered ?? selected;
  const focused = model.hexes.find((h) => h.key === focus);

  return (
    <div class="board">
      <svg
        ref={svg}
        class="board-svg"
        role="img"
        aria-label="The galaxy"
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        preserveAspectRatio="xMidYMid meet"
        style={{
          aspectRatio: `${Math.round(model.bounds.width)} / ${Math.round(model.bounds.height)}`,
        }}
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={() => {
          setHovered(undefined);
        }}
      >
        <UnitSymbolDefs />
        {model.hexes.map((h) => (
          <HexShape
            key={h.key}
            hex={h}
            names={names}
            highlighted={highlighted?.has(h.key) ?? false}
            marked={marked?.has(h.key) ?? false}
            selected={selected === h.key}
            onEnter={(event) => {
              // A mouse's hover only: a finger or a pen that pans would leave the details behind.
              if (event.pointerType === 'mouse' && drag.current.pointers.size === 0) {
                setHovered(h.key);
              }
            }}
            onClick={() => {
              if (!drag.current.moved) onSelect?.(h.key);
            }}
          />
        ))}
        {model.hexes.map((h) => (
          <HexContent key={h.key} hex={h} names={names} />
        ))}
        {route === undefined || route.length < 2 ? null : (
          <polyline
            class="move-route"
            data-route={route.join(' ')}
            points={route
              .map((key) => model.hexes.find((h) => h.key === key)?.centre)
              .filter((c) => c !== undefined)
              .map((c) => `${c.x},${c.y}`)
              .join(' ')}
            marker-end="url(#route-arrow)"
          />
        )}
      </svg>
      <div class="board-controls">
        <button type="button" onClick={zoomButton(1.25)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={zoomButton(0.8)} aria-label="Zoom out">
          −
        </button>
        <button
          type="button"
          onClick={() => {
            setBox(model.bounds);
          }}
          aria-label="Show the whole galaxy"
        >
          <Icon name="fit" />
        </button>
      </div>
      {focused === undefined ? null : <HexDetails hex={focused} names={names} />}
    </div>
  );
}

interface HexShapeProps {
  readonly hex: BoardHex;
  readonly names: readonly string[];
  readonly highlighted: boolean;
  readonly marked: boolean;
  readonly selected: boolean;
  readonly onEnter: (event: PointerEvent) => void;
  readonly onClick: () => void;
}

/** The hex itself: its fill, its owner's border, and the target for pointer and click. */
function HexShape({
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
function HexContent({ hex: h, names }: { hex: BoardHex; names: readonly string[] }) {
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
