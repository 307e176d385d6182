/**
 * The own-voice journey's microphone recording (e2e/tests/my-voice.spec.ts): Chromium's fake
 * microphone plays `songWav(20, 16000)` in a loop while the page records. One synthetic singer, so
 * training must take it; the function below is a copy of e2e/tests/support.ts's `songWav` (the
 * engine's tests cannot import the journeys' package) and a test checks the two stay identical.
 */

/** Path of the journeys' helper the copy below must match. */
export const JOURNEY_SUPPORT = new URL('../../../../e2e/tests/support.ts', import.meta.url).pathname;

/** The journeys' tune (copy; see the header). */
export function songWav(seconds = 1.5, rate = 8000): Buffer {
  const samples = Math.floor(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  const notes = [220, 247, 262, 294, 262, 247];
  let phase = 0;
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const f0 =
      notes[Math.floor(t / 0.5) % notes.length]! * 2 ** ((15 * Math.sin(2 * Math.PI * 5.5 * t)) / 1200);
    phase += f0 / rate;
    let v = 0;
    for (let h = 1; h <= 6; h++) v += Math.sin(2 * Math.PI * h * phase) / h;
    data.writeInt16LE(Math.round(v * 6000), i * 2);
  }
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** `seconds` of the journey's tune as the fake microphone gives it: the 20 s file, looped. */
export function journeyRecording(seconds: number): { sampleRate: number; samples: Float32Array } {
  const rate = 16000;
  const wav = songWav(20, rate);
  const n = (wav.length - 44) / 2;
  const samples = Float32Array.from(
    { length: seconds * rate },
    (_, i) => wav.readInt16LE(44 + 2 * (i % n)) / 32768,
  );
  return { sampleRate: rate, samples };
}
