import sharp from 'sharp';

// Photo-check cases made from one portrait: what a person might upload, and the faults the check
// must name. Every case carries the answer it should get.

export type Expected = 'approved' | string;

export interface Case {
  name: string;
  expected: Expected;
  make: () => Promise<Buffer>;
  /** Checked with the base photo already approved (the duplicate rule needs that list). */
  againstBase?: boolean;
}

const jpeg = (img: sharp.Sharp, quality = 90) => img.jpeg({ quality }).toBuffer();

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function overlay(photo: Buffer, svg: string): Promise<Buffer> {
  return jpeg(sharp(photo).composite([{ input: Buffer.from(svg) }]));
}

/**
 * Every case for one portrait. `face` is the face box the check reported on `base` (for placing
 * sunglasses); `width`/`height` are the base's size.
 */
export function casesFor(base: Buffer, face: Box, width: number, height: number): Case[] {
  const b = () => sharp(base);
  const w = face.width;
  const ey = face.y + 0.42 * face.height;
  const lens = (fill: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <ellipse cx="${face.x + 0.3 * w}" cy="${ey}" rx="${0.18 * w}" ry="${0.12 * w}" fill="${fill}"/>
      <ellipse cx="${face.x + 0.7 * w}" cy="${ey}" rx="${0.18 * w}" ry="${0.12 * w}" fill="${fill}"/>
      <line x1="${face.x + 0.3 * w}" y1="${ey}" x2="${face.x + 0.7 * w}" y2="${ey}" stroke="${fill}" stroke-width="${0.03 * w}"/>
    </svg>`;
  const phone = async () => {
    const inner = await b().resize(720).toBuffer();
    const ih = (await sharp(inner).metadata()).height!;
    const H = Math.max(1280, ih + 400);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="${H}">
      <rect width="720" height="${H}" fill="#fafafa"/>
      <rect width="720" height="48" fill="#101010"/>
      <text x="28" y="33" font-size="24" fill="#ffffff" font-family="sans-serif">10:24</text>
      <text x="28" y="112" font-size="32" fill="#202124" font-family="sans-serif">Camera roll</text>
      <rect x="40" y="${H - 190}" width="640" height="76" rx="38" fill="#0b57d0"/>
      <rect y="${H - 90}" width="720" height="90" fill="#eceff1"/>
    </svg>`;
    return jpeg(sharp(Buffer.from(svg)).composite([{ input: inner, left: 0, top: 150 }]));
  };
  const desktop = async () => {
    const inner = await b().resize(600).toBuffer();
    const ih = (await sharp(inner).metadata()).height!;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="${ih + 180}">
      <rect width="1280" height="${ih + 180}" fill="#2b3a4a"/>
      <rect x="300" y="40" width="680" height="${ih + 100}" fill="#f3f3f3"/>
      <rect x="300" y="40" width="680" height="36" fill="#dadada"/>
      <circle cx="322" cy="58" r="7" fill="#ff5f57"/><circle cx="344" cy="58" r="7" fill="#febc2e"/>
      <rect y="${ih + 140}" width="1280" height="40" fill="#1c1c1c"/>
    </svg>`;
    return jpeg(sharp(Buffer.from(svg)).composite([{ input: inner, left: 340, top: 100 }]));
  };
  const posterise = async () => {
    const { data, info } = await b().raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i++) data[i] = Math.round(data[i]! / 64) * 64;
    return jpeg(sharp(data, { raw: info }));
  };
  const twoFaces = async () => {
    const left = await b().toBuffer();
    const right = await b().flop().toBuffer();
    return jpeg(
      sharp({ create: { width: width * 2, height, channels: 3, background: '#808080' } }).composite([
        { input: left, left: 0, top: 0 },
        { input: right, left: width, top: 0 },
      ]),
    );
  };
  const smallInFrame = async () => {
    const inner = await b()
      .resize(Math.round(width * 0.5))
      .toBuffer();
    return jpeg(
      sharp({
        create: { width: width * 3, height: height * 3, channels: 3, background: '#9aa0a6' },
      }).composite([{ input: inner, left: width, top: height }]),
    );
  };
  const noFace = () =>
    jpeg(
      b()
        .extract({
          left: 0,
          top: Math.round(height * 0.75),
          width: Math.round(width * 0.3),
          height: Math.round(height * 0.25),
        })
        .resize(640, 640, { fit: 'fill' }),
    );
  return [
    { name: 'original', expected: 'approved', make: () => jpeg(b(), 92) },
    { name: 'mirror image', expected: 'approved', make: () => jpeg(b().flop()) },
    { name: 'enlarged to 1200 px', expected: 'approved', make: () => jpeg(b().resize(1200)) },
    { name: 'JPEG quality 55', expected: 'approved', make: () => jpeg(b(), 55) },
    { name: 'PNG', expected: 'approved', make: () => b().png().toBuffer() },
    {
      name: 'warmer white balance',
      expected: 'approved',
      make: () => jpeg(b().linear([1.08, 1, 0.9], [0, 0, 0])),
    },
    { name: 'a little darker', expected: 'approved', make: () => jpeg(b().linear(0.8, 0)) },
    { name: 'tilted 5°', expected: 'approved', make: () => jpeg(b().rotate(5, { background: '#8090a0' })) },
    {
      name: 'sharpened, 1000 px',
      expected: 'approved',
      make: () => jpeg(b().resize(1000).sharpen({ sigma: 0.6 })),
    },
    { name: 'black and white', expected: 'approved', make: () => jpeg(b().greyscale()) },
    { name: 'blur σ 1.5', expected: 'BLURRY', make: () => jpeg(b().blur(1.5)) },
    { name: 'blur σ 2.5', expected: 'BLURRY', make: () => jpeg(b().blur(2.5)) },
    { name: 'blur σ 4 at 1200 px', expected: 'BLURRY', make: () => jpeg(b().resize(1200).blur(4)) },
    {
      name: 'motion-like blur',
      expected: 'BLURRY',
      make: () =>
        jpeg(
          b().convolve({
            width: 9,
            height: 3,
            kernel: [...Array(9).fill(0), ...Array(9).fill(1), ...Array(9).fill(0)],
          }),
        ),
    },
    { name: 'dark', expected: 'TOO_DARK', make: () => jpeg(b().linear(0.25, 0)) },
    { name: 'overexposed', expected: 'TOO_BRIGHT', make: () => jpeg(b().linear(1.8, 60)) },
    { name: 'two people', expected: 'MULTIPLE_FACES', make: twoFaces },
    { name: 'no face (a corner of the picture)', expected: 'NO_FACE', make: noFace },
    { name: 'small in a large frame', expected: 'FACE_TOO_SMALL', make: smallInFrame },
    { name: 'dark sunglasses', expected: 'SUNGLASSES', make: () => overlay(base, lens('#121212')) },
    { name: 'brown sunglasses', expected: 'SUNGLASSES', make: () => overlay(base, lens('#2e2218')) },
    {
      name: 'blue tint filter',
      expected: 'HEAVY_FILTER',
      make: () => jpeg(b().linear([0.55, 0.75, 1.3], [0, 10, 50])),
    },
    {
      name: 'green tint filter',
      expected: 'HEAVY_FILTER',
      make: () => jpeg(b().linear([0.6, 1.2, 0.6], [0, 20, 0])),
    },
    { name: 'posterised', expected: 'HEAVY_FILTER', make: posterise },
    { name: 'saturation ×3', expected: 'HEAVY_FILTER', make: () => jpeg(b().modulate({ saturation: 3 })) },
    { name: 'phone screenshot', expected: 'SCREENSHOT', make: phone },
    { name: 'desktop screenshot', expected: 'SCREENSHOT', make: desktop },
    {
      name: 'copy, resized',
      expected: 'DUPLICATE_PHOTO',
      againstBase: true,
      make: () => jpeg(b().resize(Math.round(width * 1.5))),
    },
    { name: 'copy, recompressed', expected: 'DUPLICATE_PHOTO', againstBase: true, make: () => jpeg(b(), 60) },
    { name: 'copy, mirrored', expected: 'DUPLICATE_PHOTO', againstBase: true, make: () => jpeg(b().flop()) },
    {
      name: 'copy, brighter',
      expected: 'DUPLICATE_PHOTO',
      againstBase: true,
      make: () => jpeg(b().modulate({ brightness: 1.12 })),
    },
    {
      name: 'copy, cropped 4 %',
      expected: 'DUPLICATE_PHOTO',
      againstBase: true,
      make: () =>
        jpeg(
          b()
            .extract({
              left: Math.round(width * 0.02),
              top: Math.round(height * 0.02),
              width: Math.round(width * 0.96),
              height: Math.round(height * 0.96),
            })
            .resize(width, height),
        ),
    },
  ];
}
