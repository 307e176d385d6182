/**
 * Is a training recording one voice? Measured during the training pass:
 *   - music instead of a voice: a voice's pitch is always moving (intonation, glides, vibrato) while
 *     instruments hold their notes and jump between them; the share of voiced frame-to-frame steps
 *     that glide (4–200 cents) was 0.57–0.76 on real speech and singing and 0.04–0.29 on real music
 *     (songs with a vocal included), so under MIN_GLIDE_SHARE the recording is refused.
 *   - several voices: the recording's two-second stretches split into two clearly separate groups
 *     of envelope shape and pitch (`twoVoiceRatio`). On the bench's tuning speakers the ratio was
 *     4.2–9.2 for one real speaker (60 s and 95 s) and 7.7–14.2 for the synthetic test singer; two
 *     speakers taking turns every 4 s gave 17.3 (two women), 20.7 and 39.6 (a woman and a man), so
 *     the limit is 16. Turns of 8 s between two women gave 13.9 and pass: the check refuses clear
 *     cases only, as a wrong refusal costs a person more than a voice that trains a blend.
 *     A looped synthetic tune (the own-voice journey's microphone) once scored 45 because its
 *     stretches repeat exactly; with each group's spread floored at a real speaker's (see
 *     several-voices.ts) it scores 12.4 (9.3 after the browser's Opus), the one-speaker
 *     recordings 5.4–11.9 and the refused pairs as before (16.7–39.6).
 */
import { EngineError } from '../errors';
import type { FrameCollector } from './frame-classes';
import { twoVoiceRatio } from './several-voices';

const MIN_GLIDE_SHARE = 0.34;
/** Above this two-voice ratio the recording is refused as several people (see the header). */
const MAX_TWO_VOICE_RATIO = 16;

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

  /** Throws SEVERAL_VOICES when the recording's stretches fall into two people's. */
  verifyOneVoice(frames: FrameCollector, framesPerSec: number): void {
    const ratio = twoVoiceRatio(frames, framesPerSec);
    if (ratio > MAX_TWO_VOICE_RATIO) {
      throw new EngineError(
        'SEVERAL_VOICES',
        'This sounds like more than one person. Record your voice alone, with nobody else speaking or singing.',
        { twoVoiceRatio: ratio },
      );
    }
  }
}
