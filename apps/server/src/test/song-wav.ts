// A song the engine can render, made in code: shared by the API tests and the API benchmark
// (no test runner imports here, so a benchmark script can load it).

/**
 * A 16-bit stereo WAV: a sung-like harmonic tone with vibrato plus a little noise, slightly
 * different left and right. `silent` writes digital silence (the engine refuses it).
 */
export function songWav(seconds: number, options: { silent?: boolean; sampleRate?: number } = {}): Buffer {
  const rate = options.sampleRate ?? 22050;
  const frames = Math.round(seconds * rate);
  const bytes = frames * 4;
  const buf = Buffer.alloc(44 + bytes);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + bytes, 4);
  buf.write('WAVEfmt ', 8, 'latin1');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(2, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 4, 28);
  buf.writeUInt16LE(4, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'latin1');
  buf.writeUInt32LE(bytes, 40);
  if (options.silent) return buf;
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 4294967296 - 0.5;
  };
  let phase = 0;
  for (let i = 0; i < frames; i++) {
    const t = i / rate;
    // A melody of two notes (A3, C#4) with a 5 Hz vibrato, and a bass an octave below.
    const f0 = (t % 2 < 1 ? 220 : 277.18) * (1 + 0.01 * Math.sin(2 * Math.PI * 5 * t));
    phase += (2 * Math.PI * f0) / rate;
    let voice = 0;
    for (let h = 1; h <= 8; h++) voice += Math.sin(h * phase) / h;
    const bass = 0.3 * Math.sin(2 * Math.PI * 55 * t);
    const left = 0.25 * voice + 0.2 * bass + 0.03 * noise();
    const right = 0.25 * voice + 0.15 * bass + 0.03 * noise();
    buf.writeInt16LE(Math.round(Math.max(-1, Math.min(1, left)) * 32767), 44 + i * 4);
    buf.writeInt16LE(Math.round(Math.max(-1, Math.min(1, right)) * 32767), 46 + i * 4);
  }
  return buf;
}
