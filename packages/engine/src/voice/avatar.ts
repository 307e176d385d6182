/** Generates an abstract SVG avatar (no faces, no likeness) from a voice's id, hue and category. */
export function avatarSvg(id: string, hue: number, category: string): string {
  let h = 2166136261;
  for (const ch of id) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const rnd = (): number => {
    h = Math.imul(h ^ (h >>> 13), 0x5bd1e995) >>> 0;
    return (h % 1000) / 1000;
  };
  const bg = `hsl(${hue} 60% 22%)`;
  const fg = `hsl(${(hue + 40) % 360} 80% 62%)`;
  const accent = `hsl(${(hue + 200) % 360} 70% 70%)`;
  const waves: string[] = [];
  const count = 3 + Math.floor(rnd() * 3);
  for (let i = 0; i < count; i++) {
    const y = 30 + i * (40 / count) + rnd() * 6;
    const amp = 6 + rnd() * 14;
    const freq = 1 + Math.floor(rnd() * 3);
    let d = `M 8 ${y.toFixed(1)}`;
    for (let x = 8; x <= 92; x += 4) {
      const yy = y + amp * Math.sin(((x - 8) / 84) * Math.PI * 2 * freq + i);
      d += ` L ${x} ${yy.toFixed(1)}`;
    }
    waves.push(
      `<path d="${d}" fill="none" stroke="${i % 2 ? accent : fg}" stroke-width="2.5" stroke-linecap="round" opacity="${(0.55 + 0.4 * rnd()).toFixed(2)}"/>`,
    );
  }
  const letter = category.charAt(0).toUpperCase();
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" role="img" aria-label="${id} avatar">`,
    `<rect width="100" height="100" rx="20" fill="${bg}"/>`,
    ...waves,
    `<text x="86" y="92" font-family="sans-serif" font-size="12" fill="${accent}" text-anchor="middle">${letter}</text>`,
    `</svg>`,
  ].join('');
}
