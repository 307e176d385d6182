/**
 * Training's voice traits on real recordings whose differences are known: the formant scale must
 * order a man below a woman, and a recording played faster by 15 % and 30 % (the same voice with a
 * vocal tract that much shorter, child-like at 30 %) above its original; speech must yield no
 * vibrato, and real sung phrases some. Uses the judge's corpus parts (`train`, or `enroll` for the
 * short collections), never the judge itself.
 *
 * Run: npx tsx bench/engine/voice-traits-check.ts  (JSON on stdout)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineError, trainVoice } from '../../packages/engine/src/index';
import { writeWav } from '../../packages/engine/src/io/wav';
import { SPEAKERS, speakerInstalled, speakerParts } from './judge/corpus';
import { JUDGE_SR, resample } from './judge/tools';
import { sungLine } from './scratch-sounds';

const SR = 44100;
const SPEEDS = [1, 1.15, 1.3];

/** Plays x (16 kHz) faster by `speed`: pitch and every formant move up by that factor. */
function faster(x: Float32Array, speed: number): Float32Array {
  return resample(x, Math.round(JUDGE_SR * speed), SR);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'traits-'));
  const rows: Array<Record<string, unknown>> = [];
  try {
    for (const s of SPEAKERS.filter(speakerInstalled)) {
      const parts = speakerParts(s);
      const audio = parts.train.seconds > 30 ? parts.train.audio : parts.enroll.audio;
      const scales: number[] = [];
      let vibrato = 0;
      let refused: string | undefined;
      for (const speed of SPEEDS) {
        const wav = join(dir, `${s.id}-${speed}.wav`);
        writeWav(wav, SR, [faster(audio, speed)]);
        try {
          const p = await trainVoice(wav, { minSeconds: 20 });
          scales.push(p.formantScale);
          if (speed === 1) vibrato = p.vibrato.depthCents;
        } catch (e) {
          refused = e instanceof EngineError ? e.code : String(e);
          break;
        }
      }
      rows.push({
        id: s.id,
        sex: s.sex,
        role: s.role,
        kind: 'speech',
        scales,
        vibratoCents: vibrato,
        refused,
      });
    }
    const wav = join(dir, 'sung.wav');
    const line = sungLine(SR);
    // The sung phrases last 27 s; training wants 30 s, so the line is sung twice.
    const twice = new Float32Array(line.length * 2);
    twice.set(line);
    twice.set(line, line.length);
    writeWav(wav, SR, [twice]);
    const p = await trainVoice(wav);
    rows.push({
      id: 'scratch-sung',
      sex: 'mixed',
      role: 'reporting',
      kind: 'sung',
      scales: [p.formantScale],
      vibratoCents: p.vibrato.depthCents,
      vibratoRateHz: p.vibrato.rateHz,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify({ speeds: SPEEDS, rows }, null, 2)}\n`);
}

void main();
