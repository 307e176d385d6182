/**
 * Training refuses what is not one person's voice, and says which: real recordings of one speaker
 * must train; real music (Asterisk's music-on-hold, Scratch's loops), a too-short and a silent
 * recording must each be refused with their own code. Two real speakers taking turns should be
 * refused too (SEVERAL_VOICES); training has no such check yet, and the rows say so.
 *
 * Run: npx tsx bench/engine/training-input-check.ts  (JSON on stdout)
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineError, trainVoice } from '../../packages/engine/src/index';
import { writeWav } from '../../packages/engine/src/io/wav';
import { SPEAKERS, speakerInstalled, speakerParts } from './judge/corpus';
import { upsample } from './judge/engine-cli';
import { decodeMono, soundsDir } from './scratch-sounds';

const SR = 44100;
const MOH = '/usr/share/asterisk/moh';
export const MOH_PACKAGE = 'asterisk-moh-opsound-g722';

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Two speakers taking turns every ~4 s. */
function turns(a: Float32Array, b: Float32Array, seconds: number): Float32Array {
  const seg = 4 * SR;
  const parts: Float32Array[] = [];
  for (let o = 0; o * 2 < seconds * SR; o += seg) {
    parts.push(a.subarray(o, o + seg), b.subarray(o, o + seg));
  }
  return concat(parts);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'train-input-'));
  const cases: Array<{ name: string; expect: string; x: Float32Array }> = [];
  const only = process.env['ONLY'];
  const speakers = SPEAKERS.filter((s) => speakerInstalled(s) && s.role !== 'cohort');
  const audio = new Map(
    speakers.map((s) => [s.id, upsample(speakerParts(s)[s.seconds ? 'enroll' : 'train'].audio)]),
  );
  for (const s of speakers)
    cases.push({
      name: `${s.id} (${s.sex} speech)`,
      expect: 'trains',
      x: audio.get(s.id)!.subarray(0, 60 * SR),
    });
  const pairs: Array<[string, string]> = [
    ['carlo', 'june'],
    ['allison', 'kt-ru'],
    ['allison', 'ivr-ru'],
  ];
  for (const [a, b] of pairs) {
    const xa = audio.get(a);
    const xb = audio.get(b);
    if (xa && xb)
      cases.push({ name: `${a} and ${b} taking turns`, expect: 'SEVERAL_VOICES', x: turns(xa, xb, 60) });
  }
  if (existsSync(MOH)) {
    for (const f of readdirSync(MOH)
      .filter((n) => n.endsWith('.g722'))
      .sort()) {
      cases.push({
        name: `music on hold: ${f.replace('.g722', '')}`,
        expect: 'NOT_A_VOICE',
        x: decodeMono(join(MOH, f), SR).subarray(0, 60 * SR),
      });
    }
  }
  const loops = join(soundsDir(), 'Music Loops');
  for (const f of ['GuitarChords1.mp3', 'Medieval1.mp3', 'Xylo1.mp3', 'Techno.mp3']) {
    const x = decodeMono(join(loops, f), SR);
    cases.push({
      name: `Scratch loop ${f.replace('.mp3', '')} (looped to 40 s)`,
      expect: 'NOT_A_VOICE',
      x: Float32Array.from({ length: 40 * SR }, (_, i) => x[i % x.length]!),
    });
  }
  const carlo = audio.get('carlo');
  if (carlo) cases.push({ name: 'carlo, 12 s', expect: 'TOO_SHORT', x: carlo.subarray(0, 12 * SR) });
  cases.push({ name: 'silence, 40 s', expect: 'SILENT', x: new Float32Array(40 * SR) });
  const rows: Array<Record<string, unknown>> = [];
  try {
    for (const c of cases.filter((q) => !only || q.name.includes(only))) {
      const wav = join(dir, 'rec.wav');
      writeWav(wav, SR, [c.x]);
      let got = 'trains';
      let message = '';
      let details: unknown;
      try {
        await trainVoice(wav);
      } catch (e) {
        got = e instanceof EngineError ? e.code : 'crash';
        message = e instanceof Error ? e.message : String(e);
        details = e instanceof EngineError ? e.details : undefined;
      }
      process.stderr.write(`${c.name}: ${got}\n`);
      rows.push({ name: c.name, expect: c.expect, got, ok: got === c.expect, message, details });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify({ rows }, null, 2)}\n`);
}

void main();
