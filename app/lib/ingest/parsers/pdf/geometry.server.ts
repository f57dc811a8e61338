/** Small 2-D helpers for PDF graphics: affine matrices [a b c d e f] and boxes [x0 y0 x1 y1]. */

export type Matrix = readonly [number, number, number, number, number, number];
export type Box = readonly [number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 x m2: applies m2 first, then m1 (the canvas / pdf.js convention for `transform`). */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

export function applyToPoint(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** Axis-aligned bounds of a box after transforming its corners. */
export function transformBox(m: Matrix, box: Box): Box {
  const corners = [
    applyToPoint(m, box[0], box[1]),
    applyToPoint(m, box[2], box[1]),
    applyToPoint(m, box[0], box[3]),
    applyToPoint(m, box[2], box[3]),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export function intersectBoxes(a: Box, b: Box): Box {
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

export function boxContains(box: Box, x: number, y: number, margin = 0): boolean {
  return x >= box[0] - margin && x <= box[2] + margin && y >= box[1] - margin && y <= box[3] + margin;
}

/** pdf.js path data: an op code (moveTo 0, lineTo 1, curveTo 2, closePath 3) followed by its coordinates. */
export type PathData = ArrayLike<number>;

const MOVE_TO = 0;
const LINE_TO = 1;
const CURVE_TO = 2;
const CLOSE_PATH = 3;

/** Bounds of path data in its own space (pdf.js sometimes omits them). */
export function pathBounds(data: PathData): Box | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  forEachPathPoint(data, (x, y) => {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  });
  return x0 <= x1 ? [x0, y0, x1, y1] : null;
}

function forEachPathPoint(data: PathData, visit: (x: number, y: number, op: number) => void) {
  for (let i = 0; i < data.length; ) {
    const op = data[i++];
    const coordinates = op === CURVE_TO ? 6 : op === MOVE_TO || op === LINE_TO ? 2 : 0;
    if (op !== MOVE_TO && op !== LINE_TO && op !== CURVE_TO && op !== CLOSE_PATH) return;
    for (let k = 0; k < coordinates; k += 2) visit(data[i + k]!, data[i + k + 1]!, op);
    i += coordinates;
  }
}

/**
 * Whether a point (in the path's own space) lies inside a filled path, by the even-odd
 * rule over its outline; curves are approximated by their control polygon, which is close
 * enough to tell "this text sits on that coloured box".
 */
export function pathContains(data: PathData, x: number, y: number): boolean {
  let inside = false;
  let startX = 0;
  let startY = 0;
  let prevX = 0;
  let prevY = 0;
  const edgeTo = (px: number, py: number) => {
    if (prevY > y !== py > y && x < ((px - prevX) * (y - prevY)) / (py - prevY) + prevX) inside = !inside;
    prevX = px;
    prevY = py;
  };
  for (let i = 0; i < data.length; ) {
    const op = data[i++];
    if (op === MOVE_TO) {
      edgeTo(startX, startY); // an open subpath is closed for filling
      startX = prevX = data[i++]!;
      startY = prevY = data[i++]!;
    } else if (op === LINE_TO) {
      edgeTo(data[i++]!, data[i++]!);
    } else if (op === CURVE_TO) {
      for (let k = 0; k < 3; k++) edgeTo(data[i++]!, data[i++]!);
    } else if (op === CLOSE_PATH) {
      edgeTo(startX, startY);
    } else {
      break;
    }
  }
  edgeTo(startX, startY);
  return inside;
}

export function invert(m: Matrix): Matrix | null {
  const det = m[0] * m[3] - m[1] * m[2];
  if (Math.abs(det) < 1e-12) return null;
  return [
    m[3] / det,
    -m[1] / det,
    -m[2] / det,
    m[0] / det,
    (m[2] * m[5] - m[3] * m[4]) / det,
    (m[1] * m[4] - m[0] * m[5]) / det,
  ];
}
