import { engineDisk } from './disk';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Description of a raw interleaved float32 file the engine uses as on-disk scratch. */
export interface RawPcmInfo {
  path: string;
  sampleRate: number;
  channels: number;
  frames: number;
}

/** Random-access reader over a raw interleaved float32 file; lets workers read only their block. */
export class RawPcmReader {
  readonly info: RawPcmInfo;
  private fd: number;

  constructor(path: string, sampleRate: number, channels: number) {
    this.fd = openSync(path, 'r');
    const frames = Math.floor(fstatSync(this.fd).size / (4 * channels));
    this.info = { path, sampleRate, channels, frames };
  }

  /** Reads frames [start, start+length) as planar channels, zero-filled outside the file. */
  read(start: number, length: number): Float32Array[] {
    const ch = this.info.channels;
    const out = Array.from({ length: ch }, () => new Float32Array(length));
    const from = Math.max(0, start);
    const to = Math.min(this.info.frames, start + length);
    if (to <= from) return out;
    const n = to - from;
    const buf = Buffer.alloc(n * ch * 4);
    readSync(this.fd, buf, 0, buf.length, from * ch * 4);
    const f = new Float32Array(buf.buffer, buf.byteOffset, n * ch);
    const off = from - start;
    for (let c = 0; c < ch; c++) {
      const dst = out[c]!;
      for (let i = 0; i < n; i++) dst[off + i] = f[i * ch + c]!;
    }
    return out;
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** Sequential writer of planar blocks into a raw interleaved float32 file. */
export class RawPcmWriter {
  readonly path: string;
  readonly channels: number;
  frames = 0;
  private fd: number;

  constructor(path: string, channels: number) {
    this.path = path;
    this.channels = channels;
    this.fd = openSync(path, 'w');
  }

  /** Appends `length` frames (default: all) of planar data. */
  write(planar: Float32Array[], length = planar[0]?.length ?? 0, offset = 0): void {
    const ch = this.channels;
    const inter = new Float32Array(length * ch);
    for (let c = 0; c < ch; c++) {
      const src = planar[Math.min(c, planar.length - 1)]!;
      for (let i = 0; i < length; i++) inter[i * ch + c] = src[offset + i]!;
    }
    engineDisk.writeSync(this.fd, new Uint8Array(inter.buffer));
    this.frames += length;
  }

  close(): void {
    closeSync(this.fd);
  }
}
