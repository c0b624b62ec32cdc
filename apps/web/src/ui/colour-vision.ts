/**
 * Just enough colour science to check a palette: how a colour looks with a
 * colour-vision deficiency (Machado, Oliveira & Fernandes 2009, full
 * severity, applied in linear sRGB) and how far apart two colours look
 * (CIE76 ΔE in CIELAB, D65). A ΔE above ~10 is an obvious difference at a
 * glance; the palette test asks more than that of every pair.
 */

export type Rgb = readonly [number, number, number];
export type Vision = 'normal' | 'protanopia' | 'deuteranopia' | 'tritanopia';

type Matrix = readonly [Rgb, Rgb, Rgb];

const MACHADO: Record<Exclude<Vision, 'normal'>, Matrix> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

/** `#rrggbb` to channels in 0..1. */
export function parseHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (m === null) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [
    parseInt(m[1] ?? '0', 16) / 255,
    parseInt(m[2] ?? '0', 16) / 255,
    parseInt(m[3] ?? '0', 16) / 255,
  ];
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const clamp = (c: number) => Math.min(1, Math.max(0, c));

/** Linear-light RGB as seen with the given vision. */
export function simulate(colour: Rgb, vision: Vision): Rgb {
  const lin: Rgb = [toLinear(colour[0]), toLinear(colour[1]), toLinear(colour[2])];
  if (vision === 'normal') return lin;
  const m = MACHADO[vision];
  const row = (r: Rgb) => clamp(r[0] * lin[0] + r[1] * lin[1] + r[2] * lin[2]);
  return [row(m[0]), row(m[1]), row(m[2])];
}

/** CIELAB (D65) of a linear-light RGB colour. */
export function lab(lin: Rgb): Rgb {
  const [r, g, b] = lin;
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** How different two `#rrggbb` colours look to someone with the given vision (CIE76 ΔE). */
export function perceivedDistance(a: string, b: string, vision: Vision): number {
  const la = lab(simulate(parseHex(a), vision));
  const lb = lab(simulate(parseHex(b), vision));
  return Math.hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
}
