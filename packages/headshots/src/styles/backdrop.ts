import sharp from 'sharp';
import { clampByte, hexToRgb } from '../util/color';
import { seededRandom } from '../util/random';
import type { BackdropSpec, GradientBackdrop, SceneBackdrop, StudioBackdrop } from './catalog';

// Backdrops are drawn, never loaded: studio paper and gradients pixel by pixel, scenes as simple
// shapes rendered by sharp (librsvg), blurred like a wide-open lens, with bokeh lights on top.

/** Smooth noise in -1..1 from a coarse random grid scaled up with a soft kernel. */
async function smoothNoise(
  width: number,
  height: number,
  cells: number,
  seed: number,
): Promise<Float32Array> {
  const rnd = seededRandom(seed);
  const gw = cells;
  const gh = Math.max(2, Math.round((cells * height) / width));
  const grid = Buffer.alloc(gw * gh);
  for (let i = 0; i < grid.length; i++) grid[i] = Math.round(rnd() * 255);
  const up = await sharp(grid, { raw: { width: gw, height: gh, channels: 1 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .blur(Math.max(1, width / cells / 3))
    .raw()
    .toBuffer();
  const out = new Float32Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = (up[i]! - 128) / 128;
  return out;
}

/** Fine film grain (±amp) so smooth gradients do not band after JPEG. */
function grain(rgb: Buffer, seed: number, amp: number): void {
  const rnd = seededRandom(seed);
  for (let i = 0; i < rgb.length; i += 3) {
    const n = (rnd() + rnd() - 1) * amp;
    rgb[i] = clampByte(rgb[i]! + n);
    rgb[i + 1] = clampByte(rgb[i + 1]! + n);
    rgb[i + 2] = clampByte(rgb[i + 2]! + n);
  }
}

function vignetteAt(x: number, y: number, w: number, h: number, amount: number): number {
  const dx = (x / w - 0.5) * 2;
  const dy = (y / h - 0.5) * 2;
  const r2 = (dx * dx + dy * dy) / 2;
  return 1 - amount * r2 * r2 * 1.4;
}

async function studio(spec: StudioBackdrop, w: number, h: number): Promise<Buffer> {
  const base = hexToRgb(spec.base);
  const mottle = spec.mottle > 0 ? await smoothNoise(w, h, 7, 101) : null;
  const fine = spec.mottle > 0 ? await smoothNoise(w, h, 23, 202) : null;
  const diag = Math.hypot(w, h);
  const r = spec.spot.radius * diag;
  const out = Buffer.alloc(w * h * 3);
  for (let y = 0, i = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i += 3, p++) {
      const d = Math.hypot(x - spec.spot.x * w, y - spec.spot.y * h) / r;
      let gain = (1 + (spec.spot.gain - 1) * Math.exp(-d * d)) * vignetteAt(x, y, w, h, spec.vignette);
      if (mottle && fine) gain *= 1 + spec.mottle * (0.16 * mottle[p]! + 0.06 * fine[p]!);
      out[i] = clampByte(base[0] * gain);
      out[i + 1] = clampByte(base[1] * gain);
      out[i + 2] = clampByte(base[2] * gain);
    }
  }
  grain(out, 7, 3);
  return out;
}

function gradient(spec: GradientBackdrop, w: number, h: number): Buffer {
  const a = hexToRgb(spec.from);
  const b = hexToRgb(spec.to);
  const rad = (spec.angle * Math.PI) / 180;
  const ux = Math.cos(rad);
  const uy = Math.sin(rad);
  // Project the corners to find the gradient's extent along its direction.
  const proj = [0, w * ux, h * uy, w * ux + h * uy];
  const lo = Math.min(...proj);
  const span = Math.max(...proj) - lo || 1;
  const out = Buffer.alloc(w * h * 3);
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i += 3) {
      const t = (x * ux + y * uy - lo) / span;
      const s = t * t * (3 - 2 * t);
      const v = vignetteAt(x, y, w, h, spec.vignette);
      out[i] = clampByte((a[0] + (b[0] - a[0]) * s) * v);
      out[i + 1] = clampByte((a[1] + (b[1] - a[1]) * s) * v);
      out[i + 2] = clampByte((a[2] + (b[2] - a[2]) * s) * v);
    }
  }
  grain(out, 13, 3);
  return out;
}

/** Shapes of a scene as SVG, in a w×h canvas. */
function sceneSvg(spec: SceneBackdrop, w: number, h: number): string {
  const rnd = seededRandom(spec.seed);
  const [c0, c1, c2, c3] = [
    spec.palette[0],
    spec.palette[1],
    spec.palette[2],
    spec.palette[3] ?? spec.palette[0],
  ];
  const shapes: string[] = [];
  const rect = (x: number, y: number, rw: number, rh: number, fill: string | undefined, op = 1) =>
    shapes.push(
      `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${rw.toFixed(1)}" height="${rh.toFixed(1)}" fill="${fill}" opacity="${op}"/>`,
    );
  const circle = (x: number, y: number, r: number, fill: string | undefined, op = 1) =>
    shapes.push(
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${fill}" opacity="${op}"/>`,
    );
  if (spec.scene === 'office') {
    rect(0, 0, w, h, c0);
    // A wall of windows with mullions, a ceiling band, desks and a plant.
    const cols = 3 + Math.floor(rnd() * 3);
    const top = h * (0.08 + rnd() * 0.08);
    for (let c = 0; c < cols; c++) {
      const x = (w / cols) * c + w * 0.02;
      rect(x, top, w / cols - w * 0.04, h * 0.5, c3, 0.9);
    }
    rect(0, 0, w, top * 0.7, c1, 0.8);
    for (let c = 0; c <= cols; c++) rect((w / cols) * c - w * 0.015, top, w * 0.03, h * 0.5, c2, 0.9);
    rect(0, h * 0.62, w, h * 0.06, c2, 0.85);
    rect(0, h * 0.68, w, h * 0.32, c1);
    for (let i = 0; i < 3; i++) rect(rnd() * w * 0.8, h * (0.55 + rnd() * 0.1), w * 0.25, h * 0.12, c2, 0.7);
    circle(w * (rnd() < 0.5 ? 0.12 : 0.88), h * 0.6, w * 0.1, '#3f5a36', 0.8);
  } else if (spec.scene === 'park') {
    shapes.push(
      `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c3}"/><stop offset="0.55" stop-color="${c2}"/><stop offset="1" stop-color="${c1}"/></linearGradient></defs>`,
    );
    rect(0, 0, w, h, 'url(#sky)');
    for (let i = 0; i < 40; i++) {
      const y = h * (0.1 + rnd() * 0.6);
      circle(rnd() * w, y, w * (0.06 + rnd() * 0.14), rnd() < 0.5 ? c0 : c1, 0.55 + rnd() * 0.4);
    }
    rect(0, h * 0.78, w, h * 0.22, c1, 0.9);
  } else {
    rect(0, 0, w, h, c0);
    // A bright window, shelves, a counter and hanging lamps.
    const wx = rnd() < 0.5 ? w * 0.05 : w * 0.55;
    rect(wx, h * 0.1, w * 0.4, h * 0.45, c3, 0.95);
    for (let i = 0; i < 4; i++) rect(0, h * (0.2 + i * 0.1), w, h * 0.015, c2, 0.8);
    for (let i = 0; i < 8; i++) rect(rnd() * w, h * (0.12 + rnd() * 0.35), w * 0.04, h * 0.07, c1, 0.8);
    rect(0, h * 0.66, w, h * 0.34, c2);
    rect(0, h * 0.64, w, h * 0.03, c1);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${shapes.join('')}</svg>`;
}

/** Out-of-focus highlights: soft discs with a brighter rim, as a wide aperture draws them. */
function bokehSvg(spec: SceneBackdrop, w: number, h: number): string {
  const rnd = seededRandom(spec.seed * 7 + 1);
  const discs: string[] = [
    `<defs><radialGradient id="b"><stop offset="0" stop-color="${spec.bokeh}" stop-opacity="0.55"/><stop offset="0.85" stop-color="${spec.bokeh}" stop-opacity="0.75"/><stop offset="1" stop-color="${spec.bokeh}" stop-opacity="0"/></radialGradient></defs>`,
  ];
  for (let i = 0; i < spec.lights; i++) {
    const r = w * (0.02 + rnd() * 0.05);
    const y = spec.scene === 'park' ? h * rnd() * 0.6 : h * (0.05 + rnd() * 0.55);
    discs.push(
      `<circle cx="${(rnd() * w).toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="url(#b)" opacity="${(0.35 + rnd() * 0.5).toFixed(2)}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${discs.join('')}</svg>`;
}

async function scene(spec: SceneBackdrop, w: number, h: number): Promise<Buffer> {
  // Draw small and blur hard (cheap and smooth), then scale up and add the bokeh layer.
  const sw = Math.round(w / 4);
  const sh = Math.round(h / 4);
  // sharp applies blur after resize within one pipeline, so blur and scaling are two pipelines.
  const small = await sharp(Buffer.from(sceneSvg(spec, sw, sh)))
    .removeAlpha()
    .blur(Math.max(0.3, sw / 28))
    .raw()
    .toBuffer();
  const blurred = await sharp(small, { raw: { width: sw, height: sh, channels: 3 } })
    .resize(w, h, { kernel: 'cubic', fit: 'fill' })
    .png()
    .toBuffer();
  const lights = await sharp(Buffer.from(bokehSvg(spec, w, h)))
    .blur(Math.max(0.3, w / 400))
    .png()
    .toBuffer();
  const out = await sharp(blurred)
    .composite([{ input: lights, blend: 'screen' }])
    .removeAlpha()
    .raw()
    .toBuffer();
  grain(out, spec.seed, 2.5);
  return out;
}

/** Renders a backdrop as raw RGB of the given size. */
export async function renderBackdrop(spec: BackdropSpec, width: number, height: number): Promise<Buffer> {
  switch (spec.kind) {
    case 'studio':
      return studio(spec, width, height);
    case 'gradient':
      return gradient(spec, width, height);
    case 'scene':
      return scene(spec, width, height);
  }
}
