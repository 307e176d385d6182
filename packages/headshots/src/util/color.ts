/** Parses #rrggbb into 0..255 channels. */
export function hexToRgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Formats 0..255 channels as #rrggbb. */
export function rgbToHex([r, g, b]: readonly number[]): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v ?? 0)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r!)}${c(g!)}${c(b!)}`;
}

/** Rounds and clamps to a byte (typed-array stores would truncate instead). */
export function clampByte(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
}

/** Rec. 601 luma of 0..255 channels. */
export function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}
