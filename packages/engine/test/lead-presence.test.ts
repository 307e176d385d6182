import { describe, expect, it } from 'vitest';
import { missingLead } from '../src/pipeline/lead-presence';

const HOP = 441;
const SR = 44100;
/** A pitch track of `seconds` at 100 frames a second. */
const track = (seconds: number, hz: (t: number) => number) =>
  Float32Array.from({ length: seconds * 100 }, (_, i) => hz(i / 100));

describe('is there a lead vocal', () => {
  it('a held tone is none, even with tracker jitter at its ends', () => {
    const f0 = track(3, () => 440);
    f0[0] = 430;
    f0[f0.length - 1] = 452;
    expect(missingLead(f0, HOP, SR, 3)).toMatch(/^pitch span/);
  });

  it('too little voiced time is none', () => {
    expect(
      missingLead(
        track(30, (t) => (t < 0.5 ? 220 : 0)),
        HOP,
        SR,
        30,
      ),
    ).toMatch(/^voiced 0.5 s/);
  });

  it('one sung note with a 1 % vibrato is a voice, and so is a melody', () => {
    expect(
      missingLead(
        track(1, (t) => 220 * (1 + 0.01 * Math.sin(2 * Math.PI * 5 * t))),
        HOP,
        SR,
        1,
      ),
    ).toBeNull();
    expect(
      missingLead(
        track(4, (t) => (t % 2 < 1 ? 220 : 277.18)),
        HOP,
        SR,
        4,
      ),
    ).toBeNull();
  });
});
