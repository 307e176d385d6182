/** Below this much sung time (and share of the song) there is no lead to convert. */
const MIN_VOICED_SEC = 0.5;
const MIN_VOICED_SHARE = 0.1;
/**
 * A voice moves: notes change, and even one held note wavers with vibrato by tens of cents. A
 * lead whose middle half of pitches lies within this span (semitones) is a held tone or a drone,
 * not a singer. The interquartile span ignores the pitch tracker's jitter at onsets and ends;
 * measured on the DSP separation: a steady 440 Hz sine spans 0.10, one sung note with a 1 %
 * vibrato 0.28.
 */
const MIN_PITCH_SPAN = 0.15;

/** Why a separated lead is no vocal to cover, or null when it is one. */
export function missingLead(
  f0: ArrayLike<number>,
  f0Hop: number,
  sampleRate: number,
  durationSec: number,
): string | null {
  const semitones: number[] = [];
  for (let i = 0; i < f0.length; i++) if (f0[i]! > 0) semitones.push(12 * Math.log2(f0[i]! / 440));
  const voicedSec = (semitones.length * f0Hop) / sampleRate;
  if (voicedSec < Math.max(MIN_VOICED_SEC, MIN_VOICED_SHARE * durationSec))
    return `voiced ${voicedSec.toFixed(1)} s of ${durationSec.toFixed(1)} s`;
  semitones.sort((a, b) => a - b);
  const at = (q: number) => semitones[Math.min(semitones.length - 1, Math.floor(q * semitones.length))]!;
  const span = at(0.75) - at(0.25);
  if (span < MIN_PITCH_SPAN) return `pitch span ${span.toFixed(3)} semitones`;
  return null;
}
