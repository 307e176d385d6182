import { midiToHz, midiToName, pitchStats } from '../pitch/yin';
import { getVoiceProfile, listVoices } from '../voice/library';
import { autoKey } from '../voice/plan';
import type { VoiceProfile } from '../voice/profile';
import type { Analysis } from '../types';
import { prepareInput } from './input';
import { withRun } from './run';
import { separateFile } from './separate-file';
import { songPitch } from './song-key';

/** Options of `analyzeAudio`. */
export interface AnalyzeOptions {
  voice?: string | VoiceProfile;
  /** Longest accepted input in seconds. */
  maxSeconds: number;
  threads?: number;
  signal?: AbortSignal;
  onProgress?: (p: number) => void;
}

const r2 = (x: number): number => Math.round(x * 100) / 100;

/** Decodes, separates and reports duration, loudness, the lead vocal's pitch and a suggested key. */
export async function analyzeAudio(input: string, o: AnalyzeOptions): Promise<Analysis> {
  return withRun(o.threads, async ({ scratch, runner }) => {
    const profile =
      o.voice === undefined ? undefined : typeof o.voice === 'string' ? getVoiceProfile(o.voice) : o.voice;
    const sig = o.signal ? { signal: o.signal } : {};
    const inp = await prepareInput(input, scratch, { maxSeconds: o.maxSeconds, ...sig });
    o.onProgress?.(0.1);
    const sep = await separateFile(inp, scratch, runner, {
      ...sig,
      onProgress: (p) => o.onProgress?.(0.1 + 0.9 * p),
    });
    const st = pitchStats(sep.f0);
    // The keys a cover's automatic key would take: from the same pass over the mixture (decision 235).
    const keySt = await songPitch(inp, o.signal);
    const a: Analysis = {
      durationSec: r2(inp.durationSec),
      sampleRate: inp.sampleRate,
      channels: inp.probe.channels,
      codec: inp.probe.codec,
      loudnessLufs: r2(inp.loudnessLufs),
      samplePeakDb: r2(inp.samplePeakDb),
      vocal: st && {
        medianMidi: r2(st.medianMidi),
        medianNote: midiToName(st.medianMidi),
        medianHz: r2(midiToHz(st.medianMidi)),
        lowMidi: r2(st.lowMidi),
        highMidi: r2(st.highMidi),
        lowNote: midiToName(st.lowMidi),
        highNote: midiToName(st.highMidi),
        voicedSec: r2((st.voicedFrames * sep.f0Hop) / inp.sampleRate),
      },
    };
    if (profile && keySt)
      a.suggestedKey = { voiceId: profile.id, semitones: autoKey(keySt.medianMidi, profile) };
    if (keySt)
      a.suggestedKeys = Object.fromEntries(
        listVoices().map((v) => [v.id, autoKey(keySt.medianMidi, getVoiceProfile(v.id))]),
      );
    return a;
  });
}
