// Geometry from the 468-point face mesh (MediaPipe topology, as @vladmandic/human returns it;
// 10 iris points follow when iris tracking is on). Indices are those of that topology.

/** A landmark in image pixels. */
export type Pt = readonly [number, number];

/** Eye landmarks: two corners and two pairs of upper/lower lid points, for each eye. */
const EYES = [
  {
    corners: [33, 133],
    lids: [
      [160, 144],
      [158, 153],
    ],
  },
  {
    corners: [362, 263],
    lids: [
      [385, 380],
      [387, 373],
    ],
  },
] as const;

function dist(a: Pt, b: Pt): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

function at(mesh: readonly Pt[], i: number): Pt {
  const p = mesh[i];
  if (!p) throw new Error(`face mesh has no point ${i}`);
  return p;
}

/**
 * Eye aspect ratio averaged over both eyes: lid opening over eye width. Open eyes sit around
 * 0.25–0.35, closed eyes under about 0.12.
 */
export function eyeOpenness(mesh: readonly Pt[]): number {
  let total = 0;
  for (const eye of EYES) {
    const width = dist(at(mesh, eye.corners[0]), at(mesh, eye.corners[1]));
    const open = eye.lids.reduce((s, [u, l]) => s + dist(at(mesh, u), at(mesh, l)), 0) / eye.lids.length;
    total += width > 0 ? open / width : 0;
  }
  return total / EYES.length;
}

/** Centre of each eye (mean of its corners), left-most in the image first. */
export function eyeCentres(mesh: readonly Pt[]): [Pt, Pt] {
  const c = EYES.map((e) => {
    const a = at(mesh, e.corners[0]);
    const b = at(mesh, e.corners[1]);
    return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as Pt;
  });
  const [p, q] = c as [Pt, Pt];
  return p[0] <= q[0] ? [p, q] : [q, p];
}

/** Convex hull (monotone chain), counter-clockwise; used to turn landmark groups into regions. */
export function convexHull(points: readonly Pt[]): Pt[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Pt[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: Pt[] = [];
  for (const p of pts.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Named landmark groups as the face library reports them. */
export type Annotations = Partial<Record<string, readonly (readonly number[])[]>>;

/** Regions of a face used by framing and retouch: the face outline, and areas the retouch leaves alone. */
export interface FaceRegions {
  /** Face outline from forehead over the jaw to the chin. */
  oval: Pt[];
  /** Eyes with their brows, one hull each, and the lips. */
  keep: Pt[][];
}

function group(a: Annotations, ...names: string[]): Pt[] {
  return names.flatMap((n) => (a[n] ?? []).map((p) => [p[0]!, p[1]!] as Pt));
}

/** Builds the face outline and the keep-out regions from the library's named landmark groups. */
export function faceRegions(a: Annotations): FaceRegions {
  const keep = [
    convexHull(group(a, 'leftEyebrowUpper', 'leftEyeLower1', 'leftEyeLower2')),
    convexHull(group(a, 'rightEyebrowUpper', 'rightEyeLower1', 'rightEyeLower2')),
    convexHull(group(a, 'lipsUpperOuter', 'lipsLowerOuter')),
  ].filter((r) => r.length >= 3);
  return { oval: group(a, 'silhouette'), keep };
}
