import { HEX_SIZE } from './board-model';

/** The visible part of the board, as an SVG viewBox in board units. */
export interface ViewBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** How far one may zoom relative to the whole galaxy: far enough to read a planet, never lost in space. */
export const MIN_SCALE = 0.15;
export const MAX_SCALE = 1.5;

/**
 * Zooms by `factor` (> 1 zooms in) keeping the board point under the pointer
 * where it is, within [MIN_SCALE, MAX_SCALE] of the full board's size.
 */
export function zoomAt(
  box: ViewBox,
  factor: number,
  at: { x: number; y: number },
  full: ViewBox,
): ViewBox {
  const minWidth = full.width * MIN_SCALE;
  const maxWidth = full.width * MAX_SCALE;
  const width = Math.min(maxWidth, Math.max(minWidth, box.width / factor));
  const ratio = width / box.width;
  const height = box.height * ratio;
  return {
    x: at.x - (at.x - box.x) * ratio,
    y: at.y - (at.y - box.y) * ratio,
    width,
    height,
  };
}

/** Moves the view by a drag of (dx, dy) board units: the board follows the pointer. */
export function panBy(box: ViewBox, dx: number, dy: number): ViewBox {
  return { x: box.x - dx, y: box.y - dy, width: box.width, height: box.height };
}

/** Board units per screen pixel, for turning a pointer drag into a pan. */
export function unitsPerPixel(box: ViewBox, client: { width: number; height: number }): number {
  if (client.width <= 0 || client.height <= 0) return 1;
  // preserveAspectRatio="xMidYMid meet": the tighter axis decides the scale.
  return Math.max(box.width / client.width, box.height / client.height);
}

/** The board point under a screen point, for zooming at the pointer. */
export function toBoard(
  box: ViewBox,
  client: { left: number; top: number; width: number; height: number },
  screen: { x: number; y: number },
): { x: number; y: number } {
  const scale = unitsPerPixel(box, client);
  const shownWidth = client.width * scale;
  const shownHeight = client.height * scale;
  const originX = box.x - (shownWidth - box.width) / 2;
  const originY = box.y - (shownHeight - box.height) / 2;
  return {
    x: originX + (screen.x - client.left) * scale,
    y: originY + (screen.y - client.top) * scale,
  };
}

/** Below this width (CSS px) the whole galaxy is too small to read: the board opens closer. */
export const NARROW_BOARD = 600;
/** How many board units across a narrow board opens on: about three systems. */
export const NARROW_SPAN = 3 * 2 * HEX_SIZE;

/**
 * The view a board opens on: the whole galaxy, or on a narrow screen (a phone) about three systems
 * across around `centre`, in the screen's own proportions.
 */
export function openingBox(
  full: ViewBox,
  client: { width: number; height: number },
  centre: { x: number; y: number },
): ViewBox {
  if (client.width <= 0 || client.height <= 0 || client.width >= NARROW_BOARD) return full;
  const width = Math.min(full.width, NARROW_SPAN);
  const height = (width * client.height) / client.width;
  return { x: centre.x - width / 2, y: centre.y - height / 2, width, height };
}
