import type { HexKey } from '@outer-rim/map';
import type { GameView } from '@outer-rim/rules';
import { useMemo, useRef, useState } from 'preact/hooks';
import { Icon } from '../ui/icons';
import { raceLabel } from '../lobby/race';
import { ownerColour } from '../ui/colours';
import { HexDetails } from './hex-details';
import { boardModel, stackLabel, type BoardHex } from './board-model';
import { panBy, toBoard, unitsPerPixel, zoomAt, type ViewBox } from './viewport';

export interface BoardProps {
  readonly view: GameView;
  /** Hexes a legal action of this seat refers to (galaxy building: where a tile may go). */
  readonly highlighted?: ReadonlySet<HexKey>;
  readonly selected?: HexKey | undefined;
  readonly onSelect?: (key: HexKey) => void;
  readonly names: readonly string[];
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
export function Board({ view, highlighted, selected, onSelect, names }: BoardProps) {
  const model = useMemo(() => boardModel(view), [view]);
  const [box, setBox] = useState<ViewBox>(model.bounds);
  const [hovered, setHovered] = useState<HexKey | undefined>(undefined);
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag>({ pointers: new Map(), moved: false });

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
      if (drag.current.moved) setBox(panBy(box, dx * scale, dy * scale));
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
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={() => {
          setHovered(undefined);
        }}
      >
        {model.hexes.map((h) => (
          <HexShape
            key={h.key}
            hex={h}
            highlighted={highlighted?.has(h.key) ?? false}
            selected={selected === h.key}
            onEnter={() => {
              setHovered(h.key);
            }}
            onClick={() => {
              if (!drag.current.moved) onSelect?.(h.key);
            }}
          />
        ))}
        {model.hexes.map((h) => (
          <HexContent key={h.key} hex={h} names={names} />
        ))}
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
  readonly highlighted: boolean;
  readonly selected: boolean;
  readonly onEnter: () => void;
  readonly onClick: () => void;
}

/** The hex itself: its fill, its owner's border, and the target for pointer and click. */
function HexShape({ hex: h, highlighted, selected, onEnter, onClick }: HexShapeProps) {
  const classes = ['hex', `hex-${h.kind}`];
  if (highlighted) classes.push('hex-legal');
  if (selected) classes.push('hex-selected');
  const home = h.homeOf;
  return (
    <g class={classes.join(' ')} data-hex={h.key} onPointerEnter={onEnter} onClick={onClick}>
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
  const title = h.tile?.race ?? h.minorRace;
  return (
    <g class="hex-content">
      {h.kind === 'gap' ? (
        <text x={x} y={y + 8} class="hex-label faint">
          gap
        </text>
      ) : null}
      {title === undefined ? null : (
        <text
          x={x}
          y={y - 60}
          class={home === undefined ? 'hex-label race minor' : 'hex-label race'}
        >
          {home === undefined ? `${raceLabel(title)} (minor)` : (names[home] ?? title)}
        </text>
      )}
      {h.tile?.anomaly === undefined ? null : (
        <text x={x} y={y - 40} class="hex-label anomaly">
          {h.tile.anomaly.replace('-', ' ')}
        </text>
      )}
      {h.tile?.wormhole === undefined ? null : (
        <text x={x + 58} y={y - 40} class="hex-label wormhole">
          {h.tile.wormhole === 'alpha' ? 'α' : 'β'}
        </text>
      )}
      {h.planets.map((planet, index) => {
        const py = y - 22 + index * (h.planets.length > 2 ? 28 : 36);
        return (
          <g key={planet.name}>
            <circle
              cx={x - 70}
              cy={py - 6}
              r={10}
              fill={planet.owner === null ? '#ccc' : ownerColour(planet.owner)}
            />
            <text x={x - 55} y={py} class="hex-planet">
              {planet.name} {planet.resources}/{planet.influence}
            </text>
            {planet.stacks.map((stack, i) => (
              <text
                key={String(stack.owner)}
                x={x - 55}
                y={py + 14 + i * 13}
                class="hex-units small"
                style={{ fill: ownerColour(stack.owner) }}
              >
                {stackLabel(stack.units)}
              </text>
            ))}
          </g>
        );
      })}
      {h.space.map((stack, i) => (
        <text
          key={String(stack.owner)}
          x={x}
          y={y + 62 - i * 18}
          class="hex-units"
          style={{ fill: ownerColour(stack.owner) }}
        >
          {stackLabel(stack.units)}
        </text>
      ))}
      {h.leaders.length === 0 ? null : (
        <text x={x + 52} y={y + 40} class="hex-label leader">
          {'★'.repeat(h.leaders.length)}
        </text>
      )}
      {h.planets.length === 0 && h.kind === 'tile' && h.tile?.anomaly === undefined ? (
        <text x={x} y={y + 6} class="hex-label faint">
          {h.tile?.wormhole === undefined ? 'empty space' : 'wormhole'}
        </text>
      ) : null}
      <text x={x} y={y + 84} class="hex-coord">
        {h.key}
      </text>
    </g>
  );
}
