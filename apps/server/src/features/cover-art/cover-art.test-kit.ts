// Test helpers for cover art: title layers as the browser draws them, PSD reading, stored bytes.
import Psd from '@webtoon/psd';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import {
  fitCrop,
  outputSize,
  presetRatio,
  type ArtDesign,
  type CropPreset,
  type Size,
} from '@ai-covers/contracts';
import type { Headers } from '../storage/storage.test-kit';

/** A transparent PNG of `size` with a white bar where the browser would draw the title, base64. */
export async function titleLayer(size: Size): Promise<string> {
  const bar = {
    width: Math.max(1, Math.round(size.width * 0.6)),
    height: Math.max(1, Math.round(size.height * 0.08)),
  };
  const png = await sharp({
    create: {
      width: size.width,
      height: size.height,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([
      {
        input: { create: { ...bar, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } },
        left: Math.round((size.width - bar.width) / 2),
        top: Math.round(size.height * 0.8),
      },
    ])
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** An export body for a preset on art of `origin` size, with a title layer of the right size. */
export async function exportBody(
  origin: Size,
  preset: CropPreset,
  options: { format?: 'png' | 'jpeg'; resolution?: 'high' | 'low'; title?: string } = {},
) {
  const crop = fitCrop(origin, presetRatio(preset));
  const resolution = options.resolution ?? 'high';
  const design: ArtDesign = {
    preset,
    crop,
    title: options.title ?? 'Midnight Drive',
    subtitle: 'Velvet',
    placement: 'bottom',
  };
  return {
    format: options.format ?? 'png',
    resolution,
    design,
    title_layer: await titleLayer(outputSize(crop, resolution)),
  };
}

/** GETs a signed URL through the app (following one redirect) and returns status and bytes. */
export async function fetchBytes(app: FastifyInstance, url: string, headers: Headers = {}) {
  let res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode === 302) res = await app.inject({ method: 'GET', url: res.headers.location as string });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

/** Reads a PSD with an independent reader: its size and its layers' names and sizes. */
export function readPsd(bytes: Buffer) {
  const psd = Psd.parse(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  return {
    psd,
    width: psd.width,
    height: psd.height,
    layers: psd.layers.map((l) => ({ name: l.name, width: l.width, height: l.height, layer: l })),
  };
}
