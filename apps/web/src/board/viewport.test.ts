import { describe, expect, it } from 'vitest';
import {
  MAX_SCALE,
  MIN_SCALE,
  panBy,
  toBoard,
  unitsPerPixel,
  zoomAt,
  type ViewBox,
} from './viewport';

const full: ViewBox = { x: -500, y: -500, width: 1000, height: 1000 };

describe('board zoom and pan', () => {
  it('keeps the point under the pointer fixed while zooming', () => {
    const at = { x: 200, y: -100 };
    const zoomed = zoomAt(full, 2, at, full);
    expect(zoomed.width).toBe(500);
    // The pointer's relative position inside the box is unchanged.
    expect((at.x - zoomed.x) / zoomed.width).toBeCloseTo((at.x - full.x) / full.width);
    expect((at.y - zoomed.y) / zoomed.height).toBeCloseTo((at.y - full.y) / full.height);
  });

  it('stops zooming at the limits', () => {
    let box = full;
    for (let i = 0; i < 50; i++) box = zoomAt(box, 2, { x: 0, y: 0 }, full);
    expect(box.width).toBeCloseTo(full.width * MIN_SCALE);
    for (let i = 0; i < 50; i++) box = zoomAt(box, 0.5, { x: 0, y: 0 }, full);
    expect(box.width).toBeCloseTo(full.width * MAX_SCALE);
  });

  it('pans the board with the pointer', () => {
    expect(panBy(full, 10, -20)).toEqual({ x: -510, y: -480, width: 1000, height: 1000 });
  });

  it('maps screen pixels to board units with letterboxing', () => {
    const client = { left: 10, top: 20, width: 200, height: 100 };
    expect(unitsPerPixel(full, client)).toBe(10);
    // The centre of the element is the centre of the board.
    expect(toBoard(full, client, { x: 110, y: 70 })).toEqual({ x: 0, y: 0 });
    expect(toBoard(full, client, { x: 110, y: 20 })).toEqual({ x: 0, y: -500 });
  });
});
