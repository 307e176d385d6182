import { describe, expect, it } from 'vitest';
import { judgeFace, judgeUpload } from '../src/check/rules';
import type { FaceDetail, ImageAnalysis } from '../src/face/analyze';
import { DEFAULT_SETTINGS } from '../src/settings';

const s = DEFAULT_SETTINGS.check;

describe('upload rules (§5)', () => {
  const h = (width: number, height: number) => ({ format: 'jpeg' as const, width, height });
  it.each([
    [h(5000, 5000), []],
    [h(512, 512), []],
    [h(5001, 4000), ['TOO_LARGE']],
    [h(4000, 5001), ['TOO_LARGE']],
    [h(6000, 6000), ['TOO_LARGE']],
    [h(511, 900), ['TOO_SMALL']],
    [h(900, 511), ['TOO_SMALL']],
    ['other' as const, ['FORMAT_NOT_SUPPORTED']],
    [null, ['UNREADABLE']],
  ])('%j → %j', (header, reasons) => {
    expect(judgeUpload(header, 1000, s).reasons).toEqual(reasons);
  });

  it('resolution messages carry width by height and the limit', () => {
    expect(judgeUpload(h(6000, 4000), 1000, s).data).toMatchObject({
      width: 6000,
      height: 4000,
      maxWidth: 5000,
      maxHeight: 5000,
    });
    expect(judgeUpload(h(400, 300), 1000, s).data).toMatchObject({
      width: 400,
      height: 300,
      minWidth: 512,
      minHeight: 512,
    });
  });

  it('a file over the byte limit is refused before its header counts', () => {
    expect(judgeUpload(h(600, 600), s.maxBytes + 1, s).reasons).toEqual(['FILE_TOO_LARGE']);
  });

  it('the minimum resolution is a setting', () => {
    expect(judgeUpload(h(600, 600), 1000, { ...s, minWidth: 800, minHeight: 800 }).reasons).toEqual([
      'TOO_SMALL',
    ]);
  });
});

function face(over: Partial<FaceDetail> = {}): FaceDetail {
  return {
    box: { x: 300, y: 200, width: 300, height: 300, score: 0.95 },
    mesh: [],
    regions: { oval: [], keep: [] },
    eyes: [
      [380, 300],
      [520, 300],
    ],
    yawDeg: 3,
    pitchDeg: 4,
    rollDeg: 0,
    eyeOpenness: 0.3,
    sharpness: 50,
    blur: 0.25,
    exposure: { mean: 130, crushed: 0.01, blown: 0.01 },
    looks: { eyeToSkin: 0.8, skinHue: 20, skinSat: 0.35, eyeContrast: 0.3 },
    embedding: [1, 2, 3],
    ...over,
  };
}

function analysis(main: FaceDetail | null, others: ImageAnalysis['faces'] = [], size = 1000): ImageAnalysis {
  return {
    width: size,
    height: size,
    faces: main ? [main.box, ...others] : others,
    main,
    seams: { rows: 0, columns: 0 },
    fingerprint: { hash: '0123456789abcdef', mirrored: '0123456789abcdef' },
  };
}

describe('face rules', () => {
  it('approves one large, sharp, well-lit, open-eyed frontal face', () => {
    expect(judgeFace(analysis(face()), s).reasons).toEqual([]);
  });

  it('no face', () => {
    expect(judgeFace(analysis(null), s).reasons).toEqual(['NO_FACE']);
  });

  it('a second face of comparable size declines; a tiny background face does not count', () => {
    const big = { x: 700, y: 200, width: 200, height: 200, score: 0.9 };
    const tiny = { x: 900, y: 50, width: 40, height: 40, score: 0.9 };
    expect(judgeFace(analysis(face(), [big]), s).reasons).toEqual(['MULTIPLE_FACES']);
    expect(judgeFace(analysis(face(), [tiny]), s).reasons).toEqual([]);
  });

  it('a face under 112 px or under 20 % of the shorter side is too small', () => {
    const small = face({ box: { x: 0, y: 0, width: 100, height: 100, score: 0.9 } });
    expect(judgeFace(analysis(small, [], 512), s).reasons).toEqual(['FACE_TOO_SMALL']);
    // A head-and-shoulders portrait of 512 px: a face of about 140 px is enough.
    const portrait512 = face({ box: { x: 180, y: 90, width: 140, height: 140, score: 0.9 } });
    expect(judgeFace(analysis(portrait512, [], 512), s).reasons).toEqual([]);
    const smallShare = face({ box: { x: 0, y: 0, width: 400, height: 400, score: 0.9 } });
    expect(judgeFace(analysis(smallShare, [], 2500), s).reasons).toEqual(['FACE_TOO_SMALL']);
    expect(judgeFace(analysis(smallShare, [], 2000), s).reasons).toEqual([]);
  });

  it.each([
    ['BLURRY', { sharpness: 2 }],
    ['BLURRY', { blur: 0.7 }],
    ['SUNGLASSES', { looks: { eyeToSkin: 0.2, skinHue: 20, skinSat: 0.35, eyeContrast: 0.05 } }],
    ['HEAVY_FILTER', { looks: { eyeToSkin: 0.8, skinHue: 210, skinSat: 0.4, eyeContrast: 0.3 } }],
    ['HEAVY_FILTER', { looks: { eyeToSkin: 0.8, skinHue: 20, skinSat: 0.9, eyeContrast: 0.3 } }],
    ['TOO_DARK', { exposure: { mean: 40, crushed: 0.1, blown: 0 } }],
    ['TOO_DARK', { exposure: { mean: 90, crushed: 0.4, blown: 0 } }],
    ['TOO_BRIGHT', { exposure: { mean: 230, crushed: 0, blown: 0.1 } }],
    ['TOO_BRIGHT', { exposure: { mean: 180, crushed: 0, blown: 0.5 } }],
    ['EYES_CLOSED', { eyeOpenness: 0.08 }],
    ['NOT_FRONTAL', { yawDeg: -40 }],
    ['NOT_FRONTAL', { pitchDeg: 35 }],
  ] as const)('%s', (code, over) => {
    expect(judgeFace(analysis(face(over as Partial<FaceDetail>)), s).reasons).toEqual([code]);
  });

  it('reports every quality problem at once, with the measured values', () => {
    const v = judgeFace(analysis(face({ sharpness: 1, eyeOpenness: 0.05, yawDeg: 50 })), s);
    expect(v.reasons).toEqual(['BLURRY', 'EYES_CLOSED', 'NOT_FRONTAL']);
    expect(v.data).toMatchObject({ faces: 1, sharpness: 1, yaw: 50, eyeOpenness: 0.05 });
  });

  it('a black-and-white photo is not a filter; skin hues wrap past 360°', () => {
    const mono = { eyeToSkin: 0.8, skinHue: 200, skinSat: 0.02, eyeContrast: 0.3 };
    expect(judgeFace(analysis(face({ looks: mono })), s).reasons).toEqual([]);
    const rosy = { eyeToSkin: 0.8, skinHue: 350, skinSat: 0.3, eyeContrast: 0.3 };
    expect(judgeFace(analysis(face({ looks: rosy })), s).reasons).toEqual([]);
  });

  it('dark but lively eyes (deep-set, shaded, behind clear glasses) are not sunglasses', () => {
    const shaded = { eyeToSkin: 0.4, skinHue: 20, skinSat: 0.35, eyeContrast: 0.3 };
    expect(judgeFace(analysis(face({ looks: shaded })), s).reasons).toEqual([]);
  });

  it('a screenshot is declined as such, whatever the face', () => {
    const a = { ...analysis(face()), seams: { rows: 2, columns: 0 } };
    expect(judgeFace(a, s)).toMatchObject({ reasons: ['SCREENSHOT'], data: { seams: 2 } });
    expect(judgeFace({ ...a, seams: { rows: 1, columns: 0 } }, s).reasons).toEqual([]);
  });

  it('limits are settings', () => {
    expect(judgeFace(analysis(face({ yawDeg: 20 })), { ...s, maxYawDeg: 15 }).reasons).toEqual([
      'NOT_FRONTAL',
    ]);
  });
});
