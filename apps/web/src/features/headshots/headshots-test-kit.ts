// Test support of AI Headshots: image headers built byte by byte (nothing to decode in jsdom) and
// fixtures that pass their contract.
import type {
  HeadshotPack,
  HeadshotPhoto,
  HeadshotPhotosData,
  HeadshotPlansData,
} from '@ai-covers/contracts';
import { fixture } from '../../shared/test/api-test-kit';

const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u32le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
const u16be = (n: number) => [(n >>> 8) & 255, n & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The first bytes of an image of a format and size: enough for the browser's header check. */
export function imageHeader(
  format: 'png' | 'jpeg' | 'webp' | 'bmp',
  width: number,
  height: number,
): Uint8Array {
  switch (format) {
    case 'png':
      return new Uint8Array([
        0x89,
        0x50,
        0x4e,
        0x47,
        0x0d,
        0x0a,
        0x1a,
        0x0a,
        ...u32be(13),
        ...ascii('IHDR'),
        ...u32be(width),
        ...u32be(height),
        8,
        2,
        0,
        0,
        0,
      ]);
    case 'jpeg':
      // SOI, an APP0 segment to skip, then SOF0 with the frame size.
      return new Uint8Array([
        0xff,
        0xd8,
        0xff,
        0xe0,
        ...u16be(16),
        ...ascii('JFIF'),
        0,
        1,
        1,
        0,
        0,
        1,
        0,
        1,
        0,
        0,
        0xff,
        0xc0,
        ...u16be(17),
        8,
        ...u16be(height),
        ...u16be(width),
        3,
        1,
        0x22,
        0,
        2,
        0x11,
        1,
        3,
        0x11,
        1,
      ]);
    case 'webp': {
      const w = width - 1;
      const h = height - 1;
      return new Uint8Array([
        ...ascii('RIFF'),
        ...u32le(30),
        ...ascii('WEBP'),
        ...ascii('VP8X'),
        ...u32le(10),
        0,
        0,
        0,
        0,
        w & 255,
        (w >>> 8) & 255,
        (w >>> 16) & 255,
        h & 255,
        (h >>> 8) & 255,
        (h >>> 16) & 255,
      ]);
    }
    case 'bmp':
      return new Uint8Array([
        ...ascii('BM'),
        ...u32le(54),
        0,
        0,
        0,
        0,
        ...u32le(54),
        ...u32le(40),
        ...u32le(width),
        ...u32le(height),
        1,
        0,
        24,
        0,
        ...new Array<number>(24).fill(0),
      ]);
  }
}

/** A File holding `bytes`, named as a user's photo would be. */
export function photoFile(bytes: Uint8Array, name: string, type = 'image/jpeg'): File {
  return new File([bytes as BlobPart], name, { type });
}

/** A good photo file (a JPEG header of 1024 × 1280). */
export const goodPhoto = (name = 'me.jpg') => photoFile(imageHeader('jpeg', 1024, 1280), name);

/** A photo as the server lists it; override what a test is about. */
export function makePhoto(overrides: Partial<HeadshotPhoto> = {}): HeadshotPhoto {
  return fixture('headshotPhoto', {
    id: 'photo-0001',
    name: 'me.jpg',
    status: 'approved',
    reasons: [],
    messages: [],
    data: { width: 1024, height: 1280 },
    face: { x: 300, y: 200, width: 400, height: 400, score: 0.98 },
    width: 1024,
    height: 1280,
    format: 'jpeg',
    capacity: 12,
    url: '/storage/photo-0001.jpg',
    pack_id: null,
    created_at: '2026-11-22T10:00:00.000Z',
    expires_at: '2026-12-22T10:00:00.000Z',
    ...overrides,
  });
}

/**
 * The capacity fields of the photos answer as the server works them out: the approved photos'
 * distinct results summed, and for each plan the more varied photos its pack needs.
 */
export function photosCapacity(
  photos: HeadshotPhoto[],
  packResults = { basic: 50, pro: 100 },
): Pick<HeadshotPhotosData, 'capacity' | 'pack_results' | 'more_photos'> {
  const approved = photos.filter((p) => p.status === 'approved');
  const capacity = approved.reduce((n, p) => n + (p.capacity ?? 12), 0);
  const perPhoto = capacity > 0 ? capacity / approved.length : 12;
  const more = (n: number) => (capacity >= n ? 0 : Math.max(1, Math.ceil((n - capacity) / perPhoto)));
  return {
    capacity,
    pack_results: packResults,
    more_photos: { basic: more(packResults.basic), pro: more(packResults.pro) },
  };
}

/** The plans answer; override what a test is about. */
export function makePlans(overrides: Partial<HeadshotPlansData> = {}): HeadshotPlansData {
  return fixture('headshotPlansData', {
    on_sale: true,
    plans: [
      { id: 'basic', name: 'Basic', results: 50, sku: 'headshots-basic', available: 0 },
      { id: 'pro', name: 'Pro', results: 100, sku: 'headshots-pro', available: 0 },
    ],
    min_photos: 5,
    max_photos: 20,
    max_styles: 3,
    retention_days: 30,
    base_path: '/headshots',
    ab: { trial: false, multiple_run: false, pre_generation: false },
    trial_used: false,
    ...overrides,
  });
}

/** A pack as the server lists it; override what a test is about. */
export function makePack(overrides: Partial<HeadshotPack> = {}): HeadshotPack {
  return fixture('headshotPack', {
    id: 'pack-0001',
    status: 'success',
    task_status: 3,
    plan: 'basic',
    styles: ['corporate-grey'],
    gender: 'female',
    count: 50,
    delivered: 50,
    progress: 1,
    stage: null,
    estimate_seconds: null,
    error: null,
    retries: 0,
    cover_url: null,
    photos: 5,
    created_at: '2026-11-22T10:00:00.000Z',
    finished_at: '2026-11-22T10:05:00.000Z',
    expires_at: '2026-12-22T10:05:00.000Z',
    kind: 'paid',
    ...overrides,
  });
}
