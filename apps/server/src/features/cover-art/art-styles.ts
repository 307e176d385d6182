import type { ArtStyle } from '@ai-covers/contracts';

/** A small deterministic generator: the same cover and style always draw the same artwork. */
function seeded(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    h = Math.imul(h ^ (h >>> 12), 0x297a2d39) >>> 0;
    return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
  };
}

/** The voice's hue (0–359) from its id, so every voice has its own colours. */
export function hueOf(voiceId: string): number {
  let h = 0;
  for (const ch of voiceId) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/**
 * The background of generated artwork as SVG (square, `size` pixels): one drawing per style,
 * coloured by the voice and varied by the cover, with no text (the title is its own layer).
 */
export function backgroundSvg(style: ArtStyle, size: number, voiceId: string, seed: string): string {
  const rnd = seeded(`${style}:${seed}`);
  const hue = hueOf(voiceId);
  const h2 = (hue + 50 + Math.floor(rnd() * 40)) % 360;
  const h3 = (hue + 180 + Math.floor(rnd() * 60)) % 360;
  const s = size;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">`;
  switch (style) {
    case 'aurora': {
      const blobs = [hue, h2, h3]
        .map((h, i) => {
          const cx = Math.round(s * (0.2 + 0.6 * rnd()));
          const cy = Math.round(s * (0.15 + 0.7 * rnd()));
          const r = Math.round(s * (0.35 + 0.25 * rnd()));
          return `<radialGradient id="g${i}" cx="${cx}" cy="${cy}" r="${r}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="hsl(${h} 85% 60%)" stop-opacity="0.85"/><stop offset="1" stop-color="hsl(${h} 85% 60%)" stop-opacity="0"/></radialGradient>`;
        })
        .join('');
      return `${open}<defs>${blobs}</defs><rect width="${s}" height="${s}" fill="hsl(${hue} 45% 10%)"/><rect width="${s}" height="${s}" fill="url(#g0)"/><rect width="${s}" height="${s}" fill="url(#g1)"/><rect width="${s}" height="${s}" fill="url(#g2)"/></svg>`;
    }
    case 'vinyl': {
      const c = s / 2;
      const grooves: string[] = [];
      for (let r = s * 0.18; r < s * 0.48; r += s * 0.012) {
        grooves.push(
          `<circle cx="${c}" cy="${c}" r="${r.toFixed(1)}" fill="none" stroke="hsl(${hue} 20% ${18 + rnd() * 10}%)" stroke-width="${(s * 0.003).toFixed(1)}"/>`,
        );
      }
      const shine = Math.round(rnd() * 360);
      return `${open}<rect width="${s}" height="${s}" fill="hsl(${h3} 35% 88%)"/><circle cx="${c}" cy="${c}" r="${s * 0.48}" fill="hsl(${hue} 15% 8%)"/>${grooves.join('')}<path d="M ${c} ${c} L ${c + s * 0.48} ${c} A ${s * 0.48} ${s * 0.48} 0 0 1 ${c} ${c + s * 0.48} Z" fill="white" opacity="0.06" transform="rotate(${shine} ${c} ${c})"/><circle cx="${c}" cy="${c}" r="${s * 0.17}" fill="hsl(${hue} 70% 52%)"/><circle cx="${c}" cy="${c}" r="${s * 0.012}" fill="hsl(${h3} 35% 88%)"/></svg>`;
    }
    case 'grid': {
      const horizon = s * (0.58 + 0.06 * rnd());
      const lines: string[] = [];
      for (let i = -12; i <= 12; i++) {
        const x = s / 2 + i * s * 0.09;
        lines.push(`<line x1="${s / 2}" y1="${horizon}" x2="${x * 3 - s}" y2="${s}" />`);
      }
      for (let k = 1; k <= 10; k++) {
        const y = horizon + (s - horizon) * (k / 10) ** 1.8;
        lines.push(`<line x1="0" y1="${y.toFixed(1)}" x2="${s}" y2="${y.toFixed(1)}" />`);
      }
      const sunR = s * 0.2;
      const stripes = [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<rect x="0" y="${horizon - sunR * (0.1 + i * 0.16)}" width="${s}" height="${s * 0.012 * (5 - i)}" fill="hsl(${hue} 55% 14%)"/>`,
        )
        .join('');
      return `${open}<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 14%)"/><stop offset="1" stop-color="hsl(${h2} 70% 35%)"/></linearGradient><linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${h3} 95% 65%)"/><stop offset="1" stop-color="hsl(${h2} 90% 55%)"/></linearGradient></defs><rect width="${s}" height="${s}" fill="url(#sky)"/><circle cx="${s / 2}" cy="${horizon}" r="${sunR}" fill="url(#sun)"/>${stripes}<rect y="${horizon}" width="${s}" height="${s - horizon}" fill="hsl(${hue} 50% 8%)"/><g stroke="hsl(${h3} 90% 60%)" stroke-width="${(s * 0.002).toFixed(1)}" opacity="0.8">${lines.join('')}</g></svg>`;
    }
    case 'mono': {
      const step = s * (0.03 + 0.02 * rnd());
      const stripes: string[] = [];
      for (let x = -s; x < s * 2; x += step * 2) {
        stripes.push(`<rect x="${x.toFixed(1)}" y="${-s}" width="${step.toFixed(1)}" height="${s * 3}"/>`);
      }
      return `${open}<rect width="${s}" height="${s}" fill="hsl(${hue} 25% 92%)"/><g fill="hsl(${hue} 30% 84%)" transform="rotate(${30 + Math.round(rnd() * 30)} ${s / 2} ${s / 2})">${stripes.join('')}</g><rect x="${s * 0.06}" y="${s * 0.06}" width="${s * 0.88}" height="${s * 0.88}" fill="none" stroke="hsl(${hue} 40% 30%)" stroke-width="${s * 0.006}"/></svg>`;
    }
  }
}
