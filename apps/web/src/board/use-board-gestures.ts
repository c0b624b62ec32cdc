import type { RefObject } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { openingBox, panBy, toBoard, unitsPerPixel, zoomAt, type ViewBox } from './viewport';

interface Drag {
  readonly pointers: Map<number, { x: number; y: number }>;
  moved: boolean;
}

export interface BoardGestures {
  /** The part of the galaxy shown. */
  readonly box: ViewBox;
  /** Handlers for the board's <svg>. */
  readonly svg: {
    readonly onWheel: (event: WheelEvent) => void;
    readonly onPointerDown: (event: PointerEvent) => void;
    readonly onPointerMove: (event: PointerEvent) => void;
    readonly onPointerUp: (event: PointerEvent) => void;
  };
  /** Zoom about the middle of what is shown (the + and − buttons). */
  readonly zoom: (factor: number) => void;
  /** Show the whole galaxy. */
  readonly fit: () => void;
  /** The pointer dragged since it went down: its click is a pan's end, not a tap. */
  readonly panned: () => boolean;
  /** No pointer is down (a mouse hovering, not a finger panning). */
  readonly idle: () => boolean;
}

/**
 * Zoom with the wheel or a pinch, pan by dragging, and the opening view: a phone's screen would
 * show the whole galaxy too small to read, so it opens on `centre` (the viewer's home), a few
 * systems across. `onPan` runs as a drag pans, so nothing shown for a hex stays over the board.
 */
export function useBoardGestures(
  svg: RefObject<SVGSVGElement | null>,
  bounds: ViewBox,
  centre: { x: number; y: number },
  onPan: () => void,
): BoardGestures {
  const [box, setBox] = useState<ViewBox>(bounds);
  const drag = useRef<Drag>({ pointers: new Map(), moved: false });

  useLayoutEffect(() => {
    const r = svg.current?.getBoundingClientRect();
    if (r === undefined) return;
    setBox(openingBox(bounds, r, centre));
  }, [bounds.width, bounds.height]);

  const rect = () => svg.current?.getBoundingClientRect();

  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    const r = rect();
    if (r === undefined) return;
    const at = toBoard(box, r, { x: event.clientX, y: event.clientY });
    setBox(zoomAt(box, event.deltaY < 0 ? 1.2 : 1 / 1.2, at, bounds));
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
        onPan();
      }
    } else if (pointers.size === 2) {
      const other = [...pointers.entries()].find(([id]) => id !== event.pointerId)?.[1];
      if (other !== undefined) {
        const before = Math.hypot(last.x - other.x, last.y - other.y);
        const after = Math.hypot(event.clientX - other.x, event.clientY - other.y);
        const mid = { x: (event.clientX + other.x) / 2, y: (event.clientY + other.y) / 2 };
        if (before > 0) setBox(zoomAt(box, after / before, toBoard(box, r, mid), bounds));
        drag.current.moved = true;
      }
    }
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };

  const onPointerUp = (event: PointerEvent) => {
    drag.current.pointers.delete(event.pointerId);
  };

  return {
    box,
    svg: { onWheel, onPointerDown, onPointerMove, onPointerUp },
    zoom: (factor) => {
      setBox(zoomAt(box, factor, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, bounds));
    },
    fit: () => {
      setBox(bounds);
    },
    panned: () => drag.current.moved,
    idle: () => drag.current.pointers.size === 0,
  };
}
