import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addRim, relightSubject } from '../src/make/compose';
import { LIGHT_SETUPS, type LightSetup } from '../src/make/offer';
import { NEAR_DUPLICATE_DISTANCE, personPrint, printDistance } from '../src/make/print';
import { renderBackdrop } from '../src/styles/backdrop';
import { STYLES } from '../src/styles/catalog';
import { applyGrade } from '../src/styles/grade';
import { ASTRONAUT } from './helpers/images';

// The near-duplicate rule's distance on real portrait pixels: what must not count as a new picture
// (backdrop, style, grade) stays under the threshold; what must (light set-up, framing) goes over.

const W = 400;
const H = 500;

/** The astronaut cut to a 4:5 frame (zoom 1 = the whole width), with a head-and-shoulders matte. */
async function subject(zoom = 1) {
  const side = Math.round(512 / zoom);
  const left = Math.round((512 - side) / 2);
  const { data } = await sharp(ASTRONAUT)
    .extract({ left, top: 0, width: side, height: side })
    .resize(W, H, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const s = 1 / zoom;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="black"/>
    <ellipse cx="${W / 2}" cy="${H * 0.36}" rx="${W * 0.2 * zoom}" ry="${H * 0.22 * zoom}" fill="white"/>
    <ellipse cx="${W / 2}" cy="${H * (0.36 + 0.64 * s)}" rx="${W * 0.48 * zoom}" ry="${H * 0.35 * zoom}" fill="white"/></svg>`;
  const matte = await sharp(Buffer.from(svg)).greyscale().blur(2).extractChannel(0).raw().toBuffer();
  return { rgb: Buffer.from(data), matte };
}

const frame = {
  width: W,
  height: H,
  faceCx: W / 2,
  faceWidth: W * 0.35,
  chinY: H * 0.55,
  faceHeight: H * 0.3,
};

async function result(
  s: { rgb: Buffer; matte: Buffer },
  opts: { style: number; backdrop: number; grade: number; light: LightSetup },
) {
  const style = STYLES[opts.style]!;
  const rgb = Buffer.from(s.rgb);
  relightSubject(
    rgb,
    { ...style.light, side: opts.light.side, contrast: opts.light.contrast, fromAbove: opts.light.fromAbove },
    frame,
    [128, 128, 128],
  );
  const blurred = await sharp(s.matte, { raw: { width: W, height: H, channels: 1 } })
    .blur(3)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  addRim(rgb, s.matte, blurred, { width: W, faceCx: W / 2 }, opts.light);
  const canvas = await renderBackdrop(style.backdrops[opts.backdrop]!.spec, W, H);
  for (let p = 0, i = 0; p < W * H; p++, i += 3) {
    const a = s.matte[p]! / 255;
    for (let c = 0; c < 3; c++) canvas[i + c] = Math.round(canvas[i + c]! * (1 - a) + rgb[i + c]! * a);
  }
  applyGrade(canvas, style.grades[opts.grade]!);
  return personPrint(canvas, s.matte, W, H);
}

const [left, right, butterfly] = LIGHT_SETUPS as [LightSetup, LightSetup, LightSetup];

describe('near-duplicate distance', () => {
  it('another backdrop, style or grade of the same crop and light is a near-duplicate', async () => {
    const s = await subject();
    const a = await result(s, { style: 0, backdrop: 0, grade: 0, light: left });
    for (const other of [
      { style: 0, backdrop: 2, grade: 1, light: left },
      { style: 3, backdrop: 1, grade: 2, light: left },
      { style: 5, backdrop: 0, grade: 1, light: left }, // black and white
    ]) {
      const d = printDistance(a, await result(s, other));
      expect(d).toBeLessThan(NEAR_DUPLICATE_DISTANCE);
    }
  });

  it('another light set-up or another framing of the same photo is a different picture', async () => {
    const s = await subject();
    const a = await result(s, { style: 0, backdrop: 0, grade: 0, light: left });
    expect(
      printDistance(a, await result(s, { style: 0, backdrop: 0, grade: 0, light: right })),
    ).toBeGreaterThan(NEAR_DUPLICATE_DISTANCE);
    expect(
      printDistance(a, await result(s, { style: 0, backdrop: 0, grade: 0, light: butterfly })),
    ).toBeGreaterThan(NEAR_DUPLICATE_DISTANCE);
    const closer = await subject(1.4);
    expect(
      printDistance(a, await result(closer, { style: 0, backdrop: 0, grade: 0, light: left })),
    ).toBeGreaterThan(NEAR_DUPLICATE_DISTANCE);
  });
});
