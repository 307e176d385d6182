import { engineDisk } from './disk';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { endianness } from 'node:os';

const LITTLE_ENDIAN = endianness() === 'LE';

/** 44-byte canonical header for 16-bit PCM WAV. */
export function wavHeader(sampleRate: number, channels: number, frames: number): Buffer {
  const dataBytes = frames * channels * 2;
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * channels * 2, 28);
  h.writeUInt16LE(channels * 2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** Streaming 16-bit WAV writer with TPDF dither; the header is patched on close. */
export class WavWriter {
  private fd: number;
  private frames = 0;
  private seed = 22222;
  constructor(
    readonly path: string,
    readonly sampleRate: number,
    readonly channels: number,
  ) {
    this.fd = openSync(path, 'w');
    engineDisk.writeSync(this.fd, wavHeader(sampleRate, channels, 0));
  }

  /** Appends planar float frames (clipped to ±1). */
  write(planar: Float32Array[], length = planar[0]?.length ?? 0): void {
    const ch = this.channels;
    // The samples go straight into a 16-bit view of the buffer (WAV is little-endian, as is every
    // machine the engine runs on): a method call per sample cost more than the dither itself.
    const pcm = new Int16Array(length * ch);
    const src = Array.from({ length: ch }, (_, c) => planar[Math.min(c, planar.length - 1)]!);
    let s = this.seed;
    for (let i = 0; i < length; i++) {
      for (let c = 0; c < ch; c++) {
        // Triangular dither from two cheap LCG draws, one LSB peak-to-peak each.
        s = (s * 1103515245 + 12345) >>> 0;
        const r1 = s / 4294967296;
        s = (s * 1103515245 + 12345) >>> 0;
        const r2 = s / 4294967296;
        const v = src[c]![i]! * 32767 + (r1 - r2);
        pcm[i * ch + c] = Math.max(-32768, Math.min(32767, Math.round(v)));
      }
    }
    this.seed = s;
    const buf = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
    if (!LITTLE_ENDIAN) buf.swap16();
    engineDisk.writeSync(this.fd, buf);
    this.frames += length;
  }

  close(): void {
    engineDisk.writeSync(this.fd, wavHeader(this.sampleRate, this.channels, this.frames), 0, 44, 0);
    closeSync(this.fd);
  }
}

/** Minimal WAV reader (16-bit PCM or 32-bit float) for tests and tools; decode real inputs with ffmpeg. */
export function readWav(path: string): { sampleRate: number; channels: Float32Array[] } {
  const b = readFileSync(path);
  if (b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WAVE')
    throw new Error('not a WAV');
  let pos = 12;
  let fmt = 1;
  let ch = 1;
  let sr = 44100;
  let bits = 16;
  while (pos + 8 <= b.length) {
    const id = b.toString('latin1', pos, pos + 4);
    const size = b.readUInt32LE(pos + 4);
    if (id === 'fmt ') {
      fmt = b.readUInt16LE(pos + 8);
      ch = b.readUInt16LE(pos + 10);
      sr = b.readUInt32LE(pos + 12);
      bits = b.readUInt16LE(pos + 22);
    } else if (id === 'data') {
      const bytesPer = bits / 8;
      const frames = Math.floor(Math.min(size, b.length - pos - 8) / (bytesPer * ch));
      const out = Array.from({ length: ch }, () => new Float32Array(frames));
      for (let i = 0; i < frames; i++) {
        for (let c = 0; c < ch; c++) {
          const o = pos + 8 + (i * ch + c) * bytesPer;
          out[c]![i] = fmt === 3 ? b.readFloatLE(o) : b.readInt16LE(o) / 32768;
        }
      }
      return { sampleRate: sr, channels: out };
    }
    pos += 8 + size + (size & 1);
  }
  throw new Error('WAV has no data chunk');
}

/** Writes a whole planar signal as a 16-bit WAV (tests, sample clips). */
export function writeWav(path: string, sampleRate: number, planar: Float32Array[]): void {
  const w = new WavWriter(path, sampleRate, planar.length);
  w.write(planar);
  w.close();
}
