import { createHash } from 'node:crypto';

/**
 * The avatar layer of an own voice ("My voices"), which has no drawn avatar of its own: rings of
 * a colour taken from the voice id, in the same 100-unit square as the built-in voices' avatars.
 * Nothing of the voice's name goes into it, so no user text reaches the SVG.
 */
export function ownVoiceAvatarSvg(voiceId: string): string {
  const digest = createHash('sha256').update(voiceId).digest();
  const hue = ((digest[0]! << 8) | digest[1]!) % 360;
  const rings = [0, 1, 2, 3].map((i) => {
    const r = 14 + i * 8 + (digest[2 + i]! % 4);
    const light = 52 + (digest[6 + i]! % 3) * 8;
    return `<circle cx="50" cy="50" r="${r}" fill="none" stroke="hsl(${(hue + i * 24) % 360} 75% ${light}%)" stroke-width="${3 + (digest[10 + i]! % 3)}" opacity="0.85"/>`;
  });
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">',
    `<rect width="100" height="100" rx="20" fill="hsl(${hue} 55% 20%)"/>`,
    ...rings,
    `<circle cx="50" cy="50" r="6" fill="hsl(${(hue + 180) % 360} 80% 70%)"/>`,
    '</svg>',
  ].join('');
}
