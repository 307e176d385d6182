// The style catalogue. Ids match the headshot style categories the server seeds, so a style picked
// in the web app is passed here unchanged. Every backdrop is drawn procedurally (no image files).

/** An sRGB colour as #rrggbb. */
export type Hex = `#${string}`;

/** A seamless studio backdrop: a base colour lit by a soft spot, with vignette and optional mottling. */
export interface StudioBackdrop {
  kind: 'studio';
  base: Hex;
  /** Spot centre (0..1 of width/height), radius (share of the diagonal) and gain (1 = none). */
  spot: { x: number; y: number; radius: number; gain: number };
  /** Darkening at the corners, 0..1. */
  vignette: number;
  /** Painted-canvas mottling, 0..1. */
  mottle: number;
}

/** A smooth gradient between two colours. */
export interface GradientBackdrop {
  kind: 'gradient';
  from: Hex;
  to: Hex;
  /** Direction in degrees: 90 runs top to bottom, 0 left to right. */
  angle: number;
  vignette: number;
}

/** An out-of-focus place: shapes of a scene drawn, blurred like a wide aperture, then bokeh lights. */
export interface SceneBackdrop {
  kind: 'scene';
  scene: 'office' | 'park' | 'cafe';
  /** Scene colours: wall/sky/foliage tones first, accents last. */
  palette: Hex[];
  /** Colour of the bokeh highlights. */
  bokeh: Hex;
  /** Number of bokeh discs. */
  lights: number;
  seed: number;
}

export type BackdropSpec = StudioBackdrop | GradientBackdrop | SceneBackdrop;

/** How the subject is lit to match the backdrop. */
export interface LightSpec {
  /** Side of the key light: -1 from the left, 1 from the right, 0 from the front. */
  side: -1 | 0 | 1;
  /** Brightness difference between lit and shadow side, 0..0.4. */
  contrast: number;
  /** Key from above (butterfly) darkens under the chin. */
  fromAbove: number;
  /** Colour of the light reaching the subject's edges (light wrap), and its strength 0..1. */
  wrap: number;
  /** Warmth of the key, -1 (cool) .. 1 (warm). */
  warmth: number;
  /** Soft shadow cast on the backdrop, 0..1 (studio backdrops only). */
  shadow: number;
}

/** A colour grade applied to the finished portrait. */
export interface GradeSpec {
  id: string;
  /** Contrast of the S-curve, 0 = none. */
  contrast: number;
  /** Lift of the blacks (matte look), 0..0.15. */
  lift: number;
  /** Saturation multiplier (0 = black and white). */
  saturation: number;
  /** White balance: positive warmer, negative cooler, about -0.1..0.1. */
  temperature: number;
  /** Tint of shadows and highlights (split toning) as RGB offsets in 0..255 units. */
  shadowTint: [number, number, number];
  highlightTint: [number, number, number];
}

export interface StyleDef {
  id: string;
  name: string;
  category: 'professional' | 'casual' | 'creative';
  light: Omit<LightSpec, 'side'>;
  backdrops: { spec: BackdropSpec; side: LightSpec['side'] }[];
  grades: GradeSpec[];
}

const g = (id: string, over: Partial<GradeSpec>): GradeSpec => ({
  id,
  contrast: 0.1,
  lift: 0,
  saturation: 1,
  temperature: 0,
  shadowTint: [0, 0, 0],
  highlightTint: [0, 0, 0],
  ...over,
});

const GRADES = {
  neutral: g('neutral', {}),
  crisp: g('crisp', { contrast: 0.18, saturation: 1.05 }),
  warm: g('warm', { temperature: 0.05, saturation: 1.04 }),
  warmSoft: g('warm-soft', { temperature: 0.06, contrast: 0.04, lift: 0.04 }),
  cool: g('cool', { temperature: -0.05, saturation: 0.97 }),
  coolCrisp: g('cool-crisp', { temperature: -0.04, contrast: 0.18 }),
  soft: g('soft', { contrast: 0.02, lift: 0.06, saturation: 0.92 }),
  film: g('film', {
    contrast: 0.12,
    lift: 0.04,
    saturation: 0.9,
    shadowTint: [-4, 3, 8],
    highlightTint: [8, 3, -6],
  }),
  vivid: g('vivid', { contrast: 0.2, saturation: 1.22 }),
  monoNeutral: g('mono', { saturation: 0, contrast: 0.14 }),
  monoContrast: g('mono-contrast', { saturation: 0, contrast: 0.28 }),
  monoWarm: g('mono-warm', {
    saturation: 0,
    contrast: 0.12,
    shadowTint: [4, 1, -4],
    highlightTint: [10, 5, -6],
  }),
} satisfies Record<string, GradeSpec>;

/** Every style, in the order the picker shows them. */
export const STYLES: readonly StyleDef[] = [
  {
    id: 'corporate-grey',
    name: 'Corporate grey',
    category: 'professional',
    light: { contrast: 0.14, fromAbove: 0.05, wrap: 0.25, warmth: 0, shadow: 0.22 },
    backdrops: [
      {
        spec: {
          kind: 'studio',
          base: '#8a9099',
          spot: { x: 0.5, y: 0.35, radius: 0.45, gain: 1.35 },
          vignette: 0.35,
          mottle: 0,
        },
        side: -1,
      },
      { spec: { kind: 'gradient', from: '#a7adb5', to: '#5d636b', angle: 100, vignette: 0.25 }, side: 1 },
      {
        spec: {
          kind: 'studio',
          base: '#7d838b',
          spot: { x: 0.35, y: 0.3, radius: 0.5, gain: 1.3 },
          vignette: 0.3,
          mottle: 0.45,
        },
        side: -1,
      },
    ],
    grades: [GRADES.neutral, GRADES.cool, GRADES.warmSoft],
  },
  {
    id: 'office-bokeh',
    name: 'Office bokeh',
    category: 'professional',
    light: { contrast: 0.16, fromAbove: 0, wrap: 0.4, warmth: 0.2, shadow: 0 },
    backdrops: [
      {
        spec: {
          kind: 'scene',
          scene: 'office',
          palette: ['#d9dde2', '#9aa3ad', '#5b6470', '#c7b299'],
          bokeh: '#fff4dc',
          lights: 14,
          seed: 11,
        },
        side: -1,
      },
      {
        spec: {
          kind: 'scene',
          scene: 'office',
          palette: ['#cfc6b8', '#8c7f70', '#4f4a44', '#9fb4c7'],
          bokeh: '#ffe2b0',
          lights: 18,
          seed: 23,
        },
        side: 1,
      },
      {
        spec: {
          kind: 'scene',
          scene: 'office',
          palette: ['#c9d6e3', '#7f93a8', '#3e4b5a', '#d6dfe8'],
          bokeh: '#e8f2ff',
          lights: 12,
          seed: 37,
        },
        side: -1,
      },
    ],
    grades: [GRADES.warm, GRADES.neutral, GRADES.soft],
  },
  {
    id: 'navy-studio',
    name: 'Navy studio',
    category: 'professional',
    light: { contrast: 0.24, fromAbove: 0.05, wrap: 0.2, warmth: 0.1, shadow: 0.2 },
    backdrops: [
      {
        spec: {
          kind: 'studio',
          base: '#1f2a44',
          spot: { x: 0.5, y: 0.3, radius: 0.45, gain: 1.6 },
          vignette: 0.4,
          mottle: 0,
        },
        side: -1,
      },
      { spec: { kind: 'gradient', from: '#2c3e63', to: '#141b2b', angle: 75, vignette: 0.3 }, side: 1 },
      {
        spec: {
          kind: 'studio',
          base: '#22304d',
          spot: { x: 0.62, y: 0.32, radius: 0.5, gain: 1.5 },
          vignette: 0.35,
          mottle: 0.5,
        },
        side: 1,
      },
    ],
    grades: [GRADES.cool, GRADES.crisp, GRADES.film],
  },
  {
    id: 'outdoor-park',
    name: 'Outdoor park',
    category: 'casual',
    light: { contrast: 0.12, fromAbove: 0, wrap: 0.45, warmth: 0.45, shadow: 0 },
    backdrops: [
      {
        spec: {
          kind: 'scene',
          scene: 'park',
          palette: ['#6f8f4e', '#3f5a2c', '#a8c07a', '#d9e3b0'],
          bokeh: '#f5f0c8',
          lights: 26,
          seed: 5,
        },
        side: 1,
      },
      {
        spec: {
          kind: 'scene',
          scene: 'park',
          palette: ['#b07a3c', '#6b4a2a', '#d9a55f', '#f0d9a8'],
          bokeh: '#ffe7b3',
          lights: 22,
          seed: 17,
        },
        side: -1,
      },
      {
        spec: {
          kind: 'scene',
          scene: 'park',
          palette: ['#8aa35c', '#4d6634', '#e6c27a', '#fbe8b8'],
          bokeh: '#fff0c4',
          lights: 30,
          seed: 29,
        },
        side: 1,
      },
    ],
    grades: [GRADES.warm, GRADES.film, GRADES.vivid],
  },
  {
    id: 'cafe-light',
    name: 'Café light',
    category: 'casual',
    light: { contrast: 0.14, fromAbove: 0, wrap: 0.4, warmth: 0.35, shadow: 0 },
    backdrops: [
      {
        spec: {
          kind: 'scene',
          scene: 'cafe',
          palette: ['#6b4a35', '#a07855', '#2f241d', '#d8b48a'],
          bokeh: '#ffcf8a',
          lights: 16,
          seed: 3,
        },
        side: -1,
      },
      {
        spec: {
          kind: 'scene',
          scene: 'cafe',
          palette: ['#8a5a44', '#b98b6e', '#3a2a22', '#e0c2a2'],
          bokeh: '#ffd9a0',
          lights: 20,
          seed: 41,
        },
        side: 1,
      },
      {
        spec: {
          kind: 'scene',
          scene: 'cafe',
          palette: ['#c9b79c', '#8d7b66', '#4a3f35', '#f2e6d0'],
          bokeh: '#fff1d6',
          lights: 12,
          seed: 59,
        },
        side: -1,
      },
    ],
    grades: [GRADES.soft, GRADES.warm, GRADES.film],
  },
  {
    id: 'mono-classic',
    name: 'Classic black and white',
    category: 'creative',
    light: { contrast: 0.3, fromAbove: 0.05, wrap: 0.15, warmth: 0, shadow: 0.25 },
    backdrops: [
      {
        spec: {
          kind: 'studio',
          base: '#202020',
          spot: { x: 0.5, y: 0.3, radius: 0.4, gain: 2.2 },
          vignette: 0.45,
          mottle: 0,
        },
        side: -1,
      },
      {
        spec: {
          kind: 'studio',
          base: '#6e6e6e',
          spot: { x: 0.4, y: 0.3, radius: 0.5, gain: 1.3 },
          vignette: 0.35,
          mottle: 0.55,
        },
        side: -1,
      },
      { spec: { kind: 'gradient', from: '#d8d8d8', to: '#9a9a9a', angle: 90, vignette: 0.2 }, side: 1 },
    ],
    grades: [GRADES.monoNeutral, GRADES.monoContrast, GRADES.monoWarm],
  },
  {
    id: 'color-pop',
    name: 'Colour pop',
    category: 'creative',
    light: { contrast: 0.12, fromAbove: 0.12, wrap: 0.3, warmth: 0.1, shadow: 0.28 },
    backdrops: [
      {
        spec: {
          kind: 'studio',
          base: '#f2c14e',
          spot: { x: 0.5, y: 0.35, radius: 0.5, gain: 1.12 },
          vignette: 0.2,
          mottle: 0,
        },
        side: 0,
      },
      { spec: { kind: 'gradient', from: '#ff7a6b', to: '#3fb8af', angle: 30, vignette: 0.15 }, side: 1 },
      {
        spec: {
          kind: 'studio',
          base: '#3a7bd5',
          spot: { x: 0.5, y: 0.3, radius: 0.5, gain: 1.2 },
          vignette: 0.25,
          mottle: 0,
        },
        side: 0,
      },
    ],
    grades: [GRADES.vivid, GRADES.neutral, GRADES.warm],
  },
];

/** Public description of a style. */
export interface StyleInfo {
  id: string;
  name: string;
  category: StyleDef['category'];
  /** Distinct results one photo can give in this style (backdrops × framings × grades). */
  variantsPerPhoto: number;
}

/** Looks a style up by id. */
export function findStyle(id: string): StyleDef | undefined {
  return STYLES.find((s) => s.id === id);
}
