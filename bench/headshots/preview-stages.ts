/**
 * Where a backdrop preview's time goes, stage by stage, with the load average beside each number
 * (`npm run headshots-preview -w bench`). The preview used to be a one-result pack: this
 * times that whole pack for a first and a second backdrop of one photo, then each stage of it alone
 * on the calling thread (decode, face detection, portrait, judge descriptor, matte in its process
 * cold and warm, the render's compose, encode and gates); then the preview as it is now: the
 * portrait and matte made once and kept, each backdrop one render at 480 px, marked as the server
 * marks it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_SETTINGS, createHeadshots } from '../../packages/headshots/src/index';
import { analyzeImage } from '../../packages/headshots/src/face/analyze';
import { judgeDescriptor } from '../../packages/headshots/src/face/judge';
import { decodeRgb } from '../../packages/headshots/src/image/decode';
import { refineWithMatte, planPortrait, renderPortrait } from '../../packages/headshots/src/make/portrait';
import { framingOffers, LIGHT_SETUPS } from '../../packages/headshots/src/make/offer';
import { renderResult } from '../../packages/headshots/src/make/render';
import { personPrint } from '../../packages/headshots/src/make/print';
import { ProcessRunner } from '../../packages/headshots/src/pool/process-runner';
import { oneFace } from '../../apps/server/src/features/headshots/headshots.test-photos';
import { watermarkSvg } from '../../apps/server/src/features/headshots/watermark';

const load = () => loadavg()[0]!.toFixed(2);
const rows: string[] = [];
async function time<T>(name: string, f: () => Promise<T>): Promise<T> {
  const before = load();
  const t = performance.now();
  // CPU of this process and its threads (the matting process's own is not counted).
  const cpu = process.cpuUsage();
  const out = await f();
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const cpuS = ((used.user + used.system) / 1e6).toFixed(2);
  const line = `${name.padEnd(52)} ${(ms / 1000).toFixed(2).padStart(7)} s  cpu ${cpuS} s  load ${before} → ${load()}`;
  rows.push(line);
  console.log(line);
  return out;
}

const dir = mkdtempSync(path.join(tmpdir(), 'preview-stages-'));
const photo = path.join(dir, 'me.jpg');
await writeFile(photo, await oneFace(0));
const settings = DEFAULT_SETTINGS;
const only = process.env['STAGES'] ?? 'pack,stages,after';

if (only.includes('pack')) {
  // As the preview did it: a one-result pack per backdrop, nothing kept between them.
  const hs = createHeadshots({ threads: 2 });
  for (const style of ['navy-studio', 'office-bokeh']) {
    const marks: string[] = [];
    const t0 = performance.now();
    await time(`pack of one result (${style})`, () =>
      hs.makePack({
        photos: [photo],
        styles: [style],
        count: 1,
        outDir: path.join(dir, style),
        onProgress: (p) => {
          const m = `${p.stage}@${((performance.now() - t0) / 1000).toFixed(1)}`;
          if (!marks.some((x) => x.startsWith(p.stage))) marks.push(m);
        },
      }),
    );
    console.log('   stages began at', marks.join(' '));
    rows.push(`   stages began at ${marks.join(' ')}`);
  }
  await hs.close();
}

if (only.includes('stages')) {
  const bytes = await import('node:fs/promises').then((fs) => fs.readFile(photo));
  const img = await time('decode', () => decodeRgb(bytes, 25e6));
  await time('face detection, cold (models load)', () => analyzeImage(img, settings.check));
  const analysis = await time('face detection, warm', () => analyzeImage(img, settings.check));
  const face = analysis.main!;
  const { layout, toPhoto } = planPortrait(face, img.width, img.height, settings.make.height);
  const portrait = await time('portrait (level, cut, scale)', () => renderPortrait(img, layout, toPhoto));
  await time('judge descriptor, cold', () => judgeDescriptor(img.data, img.width, img.height));
  await time('judge descriptor, warm', () => judgeDescriptor(img.data, img.width, img.height));
  const rgbPath = path.join(dir, 'p.rgb');
  await writeFile(rgbPath, portrait.data);
  const runner = new ProcessRunner();
  await time('matte: process start alone (ping)', () => runner.run({ kind: 'ping' }));
  const matteJob = (n: number) => ({
    kind: 'matte' as const,
    rgbPath,
    mattePath: path.join(dir, `p${n}.matte`),
    width: layout.width,
    height: layout.height,
    geometry: layout.geometry,
    face: layout.face,
    maxSide: settings.make.matteMaxSide,
    model: settings.make.matteModel,
  });
  const out = await time('matte: model load, inference', () => runner.run(matteJob(1)));
  await time('matte: inference only (process warm)', () => runner.run(matteJob(2)));
  await runner.close();
  const geometry = refineWithMatte(
    layout.geometry,
    layout.face,
    await import('node:fs/promises').then((fs) => fs.readFile(path.join(dir, 'p1.matte'))),
    layout.width,
    layout.height,
  );
  void out;
  const offer = framingOffers(geometry, layout.scale, settings.make.headroom, settings.make)[0]!;
  console.log(
    `portrait ${layout.width}×${layout.height}, first framing ${offer.framing.id} ${offer.width}×${offer.height}`,
  );
  rows.push(
    `portrait ${layout.width}×${layout.height}, first framing ${offer.framing.id} ${offer.width}×${offer.height}`,
  );
  const job = (style: string, n: number, w: number, h: number) => ({
    portrait: {
      rgbPath,
      mattePath: path.join(dir, 'p1.matte'),
      width: layout.width,
      height: layout.height,
      face: layout.face,
    },
    crop: offer.crop,
    style,
    backdrop: 0,
    grade: 'neutral',
    light: LIGHT_SETUPS[0]!,
    width: w,
    height: h,
    thumbWidth: 256,
    jpegQuality: 90,
    retouch: settings.make.retouch,
    outPath: path.join(dir, `r${n}.jpg`),
    thumbPath: path.join(dir, `r${n}.webp`),
    references: [face.embedding],
    judgeReferences: [null],
    source: 0,
    detect: settings.check,
  });
  const { findStyle } = await import('../../packages/headshots/src/styles/catalog');
  const grade = (s: string) => findStyle(s)!.grades[0]!.id;
  for (const [n, style] of ['navy-studio', 'office-bokeh', 'navy-studio'].entries()) {
    const j = { ...job(style, n, offer.width, offer.height), grade: grade(style) };
    await time(`render full size ${offer.width}px with gates (${style})`, () => renderResult(j));
  }
  // The gates alone, on a full-size canvas: what a render spends after the picture is made.
  const canvas = Buffer.alloc(offer.width * offer.height * 3, 128);
  const matte = Buffer.alloc(offer.width * offer.height, 255);
  await time('gates: person print', () => personPrint(canvas, matte, offer.width, offer.height));
  await time('gates: face detection on the result', () =>
    analyzeImage({ data: canvas, width: offer.width, height: offer.height }, settings.check),
  );
  await time('gates: judge descriptor on the result', () =>
    judgeDescriptor(canvas, offer.width, offer.height),
  );
  const h480 = Math.round((480 * offer.height) / offer.width);
  for (const [n, style] of ['office-bokeh', 'navy-studio'].entries()) {
    const j = { ...job(style, 10 + n, 480, h480), grade: grade(style) };
    await time(`render at 480 px with gates (${style})`, () => renderResult(j));
  }
}
if (only.includes('after')) {
  // As the preview does it now: the portrait made and kept once, each backdrop one render at the
  // size shown, marked and encoded as the server does.
  const hs = createHeadshots({ threads: 2 });
  await time('now: first preview, portrait and matte, workers cold', () => hs.preparePortrait(photo));
  // On the server the workers already found faces for the photo checks.
  const portrait = await time('now: first preview, portrait and matte, workers warm', () =>
    hs.preparePortrait(photo),
  );
  const packed = await time('now: pack the portrait for keeping', () => hs.packPortrait(portrait));
  console.log(`kept ${portrait.width}×${portrait.height}, ${(packed.length / 1e6).toFixed(2)} MB`);
  rows.push(`kept ${portrait.width}×${portrait.height}, ${(packed.length / 1e6).toFixed(2)} MB`);
  for (const style of ['navy-studio', 'office-bokeh', 'outdoor-park', 'corporate-grey']) {
    await time(`now: backdrop ${style} (read kept, render 480, mark, WebP)`, async () => {
      const kept = (await hs.unpackPortrait(packed))!;
      const made = await hs.renderPreview(kept, style, { width: 480 });
      return sharp(made.jpeg)
        .composite([{ input: watermarkSvg(made.width, made.height), top: 0, left: 0 }])
        .webp({ quality: 78 })
        .toBuffer();
    });
  }
  await hs.close();
}

console.log('\n' + rows.join('\n'));
rmSync(dir, { recursive: true, force: true });
process.exit(0);
