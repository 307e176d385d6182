/**
 * Real-recording check. The vocal is real human singing: the sung phrases of Scratch 1.4's sound
 * library (© MIT Media Lab, CC BY-SA 3.0, shipped in Debian's `scratch` package), joined into a
 * 27-second a-cappella line and mixed over real recorded loops from the same library (guitar chords
 * panned left, a drum kit panned right). The CLI separates and covers the mix in two voices; the
 * check measures what it can without ears:
 *   - separation: SDR of the separated vocal against the dry vocal we mixed in (a real voice, so
 *     this is the honest counterpart of the synthetic table);
 *   - conversion: does the converted vocal follow the original melody (pitch contour correlation,
 *     error against the original × 2^(k/12)), and how much of the sung material stays voiced; pitch is
 *     judged by aubio's aubiopitch (bench/engine/judge.ts), which the engine does not use.
 * With `--listen <dir>` it also writes the input and the covers as MP3 for a person to hear
 * (bench/engine/listening/ holds the committed ones).
 *
 * Run: npx tsx bench/engine/real-voice-check.ts [--listen bench/engine/listening]
 * Needs ffmpeg. When /usr/share/scratch is missing it fetches the package with `apt-get download
 * scratch` into bench/engine/.cache (Debian's mirror only; nothing else is downloaded).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWav, writeWav } from '../../packages/engine/src/io/wav';
import { judgePitch } from './judge';
import { corr, sdr, siSdr } from './metrics';
import { SUNG_PHRASES, mixOverLoops, sungLine } from './scratch-sounds';

const ROOT = new URL('../../', import.meta.url).pathname;
const SR = 44100;
const VOICES = ['granite', 'ember'];
const VA_DB = -3;

function cli(args: string[]): Record<string, unknown> {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'packages/engine/src/cli/main.ts', ...args], {
    encoding: 'utf8',
    cwd: ROOT,
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`engine ${args[0]} failed: ${r.stdout}\n${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** Builds the mix; returns the dry vocal as it sits in the mix (both channels) and the mix itself. */
function buildSong(): { vocal: Float32Array; mix: Float32Array[]; seconds: number } {
  // Vocal-to-accompaniment power ratio of −3 dB, the synthetic table's target row.
  const { vocal, mix } = mixOverLoops(sungLine(SR), SR, VA_DB);
  return { vocal, mix, seconds: vocal.length / SR };
}

/** Pitch agreement of the converted vocal with the original shifted by `k` semitones. */
function pitchAgreement(orig: Float32Array, conv: Float32Array, k: number): Record<string, number> {
  // The judge is aubio's tracker, not the engine's YIN.
  const a = judgePitch(orig, SR);
  const b = judgePitch(conv, SR);
  const x: number[] = [];
  const y: number[] = [];
  const err: number[] = [];
  let voicedOrig = 0;
  for (let t = 0; t < Math.min(a.length, b.length); t++) {
    if (a[t]! > 0) voicedOrig++;
    if (a[t]! > 0 && b[t]! > 0) {
      x.push(1200 * Math.log2(a[t]!));
      y.push(1200 * Math.log2(b[t]!));
      err.push(Math.abs(1200 * Math.log2(b[t]! / (a[t]! * 2 ** (k / 12)))));
    }
  }
  err.sort((p, q) => p - q);
  const chroma = err.map((e) => Math.abs(e - 1200 * Math.round(e / 1200))).sort((p, q) => p - q);
  return {
    voicedFramesOriginal: voicedOrig,
    voicedKeptPct: Number(((100 * x.length) / Math.max(1, voicedOrig)).toFixed(1)),
    contourCorrelation: Number(corr(x, y).toFixed(3)),
    medianErrorCents: Number((err[err.length >> 1] ?? NaN).toFixed(1)),
    grossPct: Number(((100 * err.filter((e) => e > 50).length) / Math.max(1, err.length)).toFixed(1)),
    /**
     * Octave-folded ("raw chroma") error, as melody-extraction evaluations report it: a voice moved
     * an octave whose fundamental came out weak is heard at the right note but read an octave off.
     */
    medianChromaErrorCents: Number((chroma[chroma.length >> 1] ?? NaN).toFixed(1)),
    chromaGrossPct: Number(
      ((100 * chroma.filter((e) => e > 50).length) / Math.max(1, chroma.length)).toFixed(1),
    ),
    /** Share of frames an octave off (1100–1300 c): tracker or conversion octave confusions. */
    octavePct: Number(
      ((100 * err.filter((e) => e > 1100 && e < 1300).length) / Math.max(1, err.length)).toFixed(1),
    ),
  };
}

function main(): void {
  const li = process.argv.indexOf('--listen');
  const listen = li > 0 ? process.argv[li + 1] : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'real-voice-'));
  try {
    const song = buildSong();
    const wav = join(dir, 'song.wav');
    writeWav(wav, SR, song.mix);
    const input = join(dir, 'song.mp3');
    execFileSync('ffmpeg', ['-v', 'error', '-i', wav, '-b:a', '192k', '-y', input]);
    if (listen) {
      mkdirSync(listen, { recursive: true });
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-i',
        wav,
        '-b:a',
        '96k',
        '-y',
        join(listen, 'original-mix.mp3'),
      ]);
    }

    // Separation on a real voice: the separated vocal against the dry vocal that went into the mix.
    const sepDir = join(dir, 'sep');
    cli(['separate', input, '--out-dir', sepDir]);
    const est = readWav(join(sepDir, 'vocals.wav')).channels;
    const ref = [song.vocal, song.vocal];
    const len = Math.min(ref[0]!.length, est[0]!.length);
    const cut = (c: Float32Array[]): Float32Array[] => c.map((x) => x.subarray(0, len));
    const separation = {
      vocalSdr: Number(sdr(cut(ref), cut(est)).toFixed(2)),
      vocalSiSdr: Number(siSdr(cut(ref), cut(est)).toFixed(2)),
      mixturePassThroughSdr: Number(sdr(cut(ref), cut(song.mix)).toFixed(2)),
      /** The separated (not yet converted) vocal's melody against the dry vocal's. */
      pitch: pitchAgreement(
        song.vocal,
        est[0]!.map((v, i) => 0.5 * (v + (est[1] ?? est[0]!)[i]!)),
        0,
      ),
    };

    // Each voice twice: the a-cappella line alone (conversion on a clean real voice) and the full
    // mix (separation + conversion, what a user gets).
    const dry = join(dir, 'dry.wav');
    writeWav(dry, SR, [song.vocal]);
    const covers = VOICES.map((voice) => {
      const run = (source: string, tag: string): Record<string, number> => {
        const stems = join(dir, `stems-${voice}-${tag}`);
        const out = join(dir, `cover-${voice}-${tag}.wav`);
        const res = cli(['cover', source, '--voice', voice, '--out', out, '--stems-dir', stems]) as {
          key: { semitones: number };
        };
        const conv = readWav(join(stems, 'vocals.wav')).channels[0]!;
        if (listen)
          execFileSync('ffmpeg', [
            '-v',
            'error',
            '-i',
            out,
            '-b:a',
            '96k',
            '-y',
            join(listen, `cover-${voice}-${tag}.mp3`),
          ]);
        return { key: res.key.semitones, ...pitchAgreement(song.vocal, conv, res.key.semitones) };
      };
      return { voice, aCappella: run(dry, 'a-cappella'), inMix: run(input, 'mix') };
    });
    const out = {
      input: `${SUNG_PHRASES.length} sung phrases from Scratch 1.4 (real singers) over real guitar and drum loops, vocal ${VA_DB} dB under them; ${song.seconds.toFixed(1)} s, MP3 192k`,
      separation,
      covers,
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
