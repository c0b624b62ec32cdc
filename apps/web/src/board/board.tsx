import type { HexKey } from '@outer-rim/map';
import type { GameView, WhyNotThere } from '@outer-rim/rules';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { MoveThere } from '../play/movement/move-there-words';
import { Icon } from '../ui/icons';
import { HexDetails } from './hex-details';
import { HexContent, HexShape } from './hex-drawing';
import { boardModel } from './board-model';
import { UnitSymbolDefs } from './unit-symbols';
import { useBoardGestures } from './use-board-gestures';

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
  /**
   * "Why not?" for a hex that is not lit while the player acts on the board (movement): the rule
   * that keeps it out, shown with the hovered or tapped hex's details.
   */
  readonly whyNot?: ((key: HexKey) => WhyNotThere | undefined) | undefined;
  /** What moving there means, for a lit hex while the player moves ships: the way, what waits. */
  readonly moveThere?: ((key: HexKey) => MoveThere | undefined) | undefined;
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
  whyNot,
  moveThere,
}: BoardProps) {
  const model = useMemo(() => boardModel(view), [view]);
  const [hovered, setHovered] = useState<HexKey | undefined>(undefined);
  // A tapped hex: its details say why not, or what the move there means (a finger has no hover).
  const [tapped, setTapped] = useState<HexKey | undefined>(undefined);
  // What a tap showed holds until the table moves on (a move sent, another player's turn).
  useEffect(() => {
    setTapped(undefined);
  }, [view]);
  const svg = useRef<SVGSVGElement>(null);
  const home = seat === undefined ? undefined : view.galaxy.homes[seat];
  const centre = model.hexes.find(
    (h) => home !== undefined && h.hex.q === home.q && h.hex.r === home.r,
  )?.centre ?? { x: 0, y: 0 };
  const gestures = useBoardGestures(svg, model.bounds, centre, () => {
    // A system's details follow the pointer, never a pan: nothing stays over the board.
    setHovered(undefined);
    setTapped(undefined);
  });
  const { box } = gestures;

  const focus = hovered ?? tapped ?? selected;
  const focused = model.hexes.find((h) => h.key === focus);
  const lit = (key: HexKey) => highlighted?.has(key) === true || marked?.has(key) === true;
  const why = focus === undefined || lit(focus) ? undefined : whyNot?.(focus);
  const there = focus !== undefined && lit(focus) ? moveThere?.(focus) : undefined;

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
        onWheel={gestures.svg.onWheel}
        onPointerDown={gestures.svg.onPointerDown}
        onPointerMove={gestures.svg.onPointerMove}
        onPointerUp={gestures.svg.onPointerUp}
        onPointerCancel={gestures.svg.onPointerUp}
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
              if (event.pointerType === 'mouse' && gestures.idle()) setHovered(h.key);
            }}
            onClick={() => {
              if (gestures.panned()) return;
              // A lit hex stays in the details only when they say what moving there means (a
              // fleet's origin, once tapped, is chosen: the move form says the rest).
              setTapped(lit(h.key) && moveThere?.(h.key)?.lead !== 'Move here' ? undefined : h.key);
              onSelect?.(h.key);
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
        <button
          type="button"
          onClick={() => {
            gestures.zoom(1.25);
          }}
          aria-label="Zoom in"
        >
          +
        </button>
        <button
          type="button"
          onClick={() => {
            gestures.zoom(0.8);
          }}
          aria-label="Zoom out"
        >
          −
        </button>
        <button type="button" onClick={gestures.fit} aria-label="Show the whole galaxy">
          <Icon name="fit" />
        </button>
      </div>
      {focused === undefined ? null : (
        <HexDetails hex={focused} names={names} why={why} there={there} />
      )}
    </div>
  );
}
