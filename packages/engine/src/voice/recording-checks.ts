/**
 * Is a training recording a voice? Measured during the training pass:
 *   - music instead of a voice: a voice's pitch is always moving (intonation, glides, vibrato) while
 *     instruments hold their notes and jump between them; the share of voiced frame-to-frame steps
 *     that glide (4–200 cents) was 0.57–0.76 on real speech and singing and 0.04–0.29 on real music
 *     (songs with a vocal included), so under MIN_GLIDE_SHARE the recording is refused.
 * Several voices are not refused: splitting voiced stretches into two groups by pitch and formants
 * flagged a single synthetic singer and missed two real speakers of similar pitch taking turns
 * (bench/engine/results.md), so it is not a check a person could trust.
 */
import { EngineError } from '../errors';

const MIN_GLIDE_SHARE = 0.34;

/** Collects what the checks need, chunk by chunk. */
export class RecordingChecks {
  private glides = 0;
  private steps = 0;

  /** Adds one chunk's pitch track. */
  addChunk(f0: Float32Array): void {
    for (let t = 1; t < f0.length; t++) {
      const a = f0[t - 1]!;
      const b = f0[t]!;
      if (!(a > 0 && b > 0)) continue;
      const d = Math.abs(1200 * Math.log2(b / a));
      if (d >= 200) continue;
      this.steps++;
      if (d > 4) this.glides++;
    }
  }

  /** Throws NOT_A_VOICE when the recording sounds like music rather than a voice. */
  verify(): void {
    if (this.steps > 50 && this.glides / this.steps < MIN_GLIDE_SHARE) {
      throw new EngineError(
        'NOT_A_VOICE',
        'This sounds like music, not a voice: the pitch holds and jumps like instruments do. Record your voice alone, without music.',
        { glideShare: this.glides / this.steps },
      );
    }
  }
}
