import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Pt } from '../face/landmarks';
import type { Settings } from '../settings';
import type { PortraitGeometry, Rect } from './framing';
import type { PortraitFace } from './portrait';

// A photo's portrait as previews need it: cut, levelled and matted once (the costly part), then
// rendered on any backdrop in well under a second. The caller keeps it beside the photo, as bytes
// this module writes and reads back. Bytes that are damaged, forged or made under other settings
// read as nothing, and the caller computes the portrait again.

/** A portrait with its matte, at most KEEP_MAX_SIDE on its long side. */
export interface KeptPortrait {
  width: number;
  height: number;
  /** Portrait pixels per photo pixel (a framing's true size follows from it). */
  scale: number;
  face: PortraitFace;
  /** Geometry refined by the matte (the hair top). */
  geometry: PortraitGeometry;
  /** Raw RGB, 3 bytes a pixel. */
  rgb: Uint8Array;
  /** Foreground opacity, 1 byte a pixel. */
  matte: Uint8Array;
}

/** Long side a kept portrait is scaled down to: a preview's tightest framing still has a pixel for each. */
export const KEEP_MAX_SIDE = 1600;
const MAGIC = Buffer.from('HSKEPT01');
const MAX_HEADER = 256 * 1024;
const MAX_POINTS = 2000;
/** Largest unpacked size read: a portrait at KEEP_MAX_SIDE square and its header. */
const MAX_BYTES = MAGIC.length + 4 + MAX_HEADER + KEEP_MAX_SIDE * KEEP_MAX_SIDE * 4;

/** What the kept bytes were made under: other settings (or another format) make other portraits. */
export function keptStamp(settings: Settings): string {
  const shaping = {
    format: 1,
    check: settings.check,
    height: settings.make.height,
    matteModel: settings.make.matteModel,
    matteMaxSide: settings.make.matteMaxSide,
    keepMaxSide: KEEP_MAX_SIDE,
  };
  return createHash('sha256').update(JSON.stringify(shaping)).digest('hex').slice(0, 16);
}

/** The portrait as bytes to keep (gzip: the matte is mostly flat, so it packs to little). */
export async function packKept(p: KeptPortrait, settings: Settings): Promise<Buffer> {
  const header = Buffer.from(
    JSON.stringify({
      stamp: keptStamp(settings),
      width: p.width,
      height: p.height,
      scale: p.scale,
      face: p.face,
      geometry: p.geometry,
    }),
  );
  const size = Buffer.alloc(4);
  size.writeUInt32BE(header.length);
  return promisify(gzip)(Buffer.concat([MAGIC, size, header, p.rgb, p.matte]), { level: 1 });
}

/** The kept portrait, or null when the bytes are not one made under these settings. */
export async function unpackKept(bytes: Uint8Array, settings: Settings): Promise<KeptPortrait | null> {
  let raw: Buffer;
  try {
    raw = await promisify(gunzip)(bytes, { maxOutputLength: MAX_BYTES });
  } catch {
    return null;
  }
  if (raw.length < MAGIC.length + 4 || !raw.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const headerLength = raw.readUInt32BE(MAGIC.length);
  const start = MAGIC.length + 4;
  if (headerLength > MAX_HEADER || start + headerLength > raw.length) return null;
  let header: unknown;
  try {
    header = JSON.parse(raw.subarray(start, start + headerLength).toString('utf8'));
  } catch {
    return null;
  }
  const h = header as Record<string, unknown>;
  if (typeof h !== 'object' || h === null || h['stamp'] !== keptStamp(settings)) return null;
  const width = h['width'];
  const height = h['height'];
  const scale = h['scale'];
  if (!side(width) || !side(height) || !(num(scale) && scale > 0 && scale <= 1)) return null;
  const face = portraitFace(h['face']);
  const geometry = portraitGeometry(h['geometry']);
  if (!face || !geometry) return null;
  const pixels = width * height;
  const body = start + headerLength;
  if (raw.length !== body + pixels * 4) return null;
  return {
    width,
    height,
    scale,
    face,
    geometry,
    // Copies, each with its own memory: a job sent to a worker then carries only its own bytes.
    rgb: new Uint8Array(raw.subarray(body, body + pixels * 3)),
    matte: new Uint8Array(raw.subarray(body + pixels * 3)),
  };
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const side = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= KEEP_MAX_SIDE;

function point(v: unknown): Pt | null {
  return Array.isArray(v) && v.length === 2 && num(v[0]) && num(v[1]) ? [v[0], v[1]] : null;
}

function points(v: unknown): Pt[] | null {
  if (!Array.isArray(v) || v.length > MAX_POINTS) return null;
  const out = v.map(point);
  return out.every((p) => p !== null) ? (out as Pt[]) : null;
}

function rect(v: unknown): Rect | null {
  const r = v as Record<string, unknown> | null;
  if (typeof r !== 'object' || r === null) return null;
  const { x, y, width, height } = r;
  return num(x) && num(y) && num(width) && num(height) && width > 0 && height > 0
    ? { x, y, width, height }
    : null;
}

function portraitFace(v: unknown): PortraitFace | null {
  const f = v as Record<string, unknown> | null;
  if (typeof f !== 'object' || f === null) return null;
  const eyes = points(f['eyes']);
  const oval = points(f['oval']);
  const box = rect(f['box']);
  const keepList = f['keep'];
  if (!eyes || eyes.length !== 2 || !oval || oval.length < 3 || !box) return null;
  if (!Array.isArray(keepList) || keepList.length > 64) return null;
  const keep = keepList.map(points);
  if (keep.some((k) => k === null)) return null;
  return { eyes: [eyes[0]!, eyes[1]!], oval, keep: keep as Pt[][], box };
}

function portraitGeometry(v: unknown): PortraitGeometry | null {
  const g = v as Record<string, unknown> | null;
  if (typeof g !== 'object' || g === null) return null;
  const { eyeX, eyeY, faceHeight, hairTop, headTouchesTop, facing } = g;
  const valid = rect(g['valid']);
  if (!num(eyeX) || !num(eyeY) || !num(faceHeight) || faceHeight <= 0 || !num(hairTop) || !valid) return null;
  if (typeof headTouchesTop !== 'boolean' || (facing !== -1 && facing !== 0 && facing !== 1)) return null;
  return { eyeX, eyeY, faceHeight, hairTop, valid, headTouchesTop, facing };
}
