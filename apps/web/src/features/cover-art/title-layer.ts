import { titleLayout, type Size, type TitlePlacement } from '@ai-covers/contracts';

export interface TitleText {
  title: string;
  subtitle: string;
  placement: TitlePlacement;
}

/** The title's font stack: the browser's own fonts draw every script a title may use. */
const FONT = 'system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK JP", sans-serif';

/** Splits text into lines no wider than `max`: at spaces, and inside words that alone are too wide (CJK). */
export function wrapLines(
  text: string,
  max: number,
  measure: (s: string) => number,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (next: string) => {
    lines.push(next);
  };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= max) {
      line = candidate;
      continue;
    }
    if (line) push(line);
    line = '';
    for (const ch of [...word]) {
      if (measure(line + ch) > max && line) {
        push(line);
        line = ch;
      } else line += ch;
    }
  }
  if (line) push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last.length > 1 && measure(`${last}…`) > max) last = [...last].slice(0, -1).join('');
  kept[maxLines - 1] = `${last}…`;
  return kept;
}

/** Draws the title block into `frame` (already translated to the frame's corner). */
export function drawTitle(ctx: CanvasRenderingContext2D, frame: Size, text: TitleText): void {
  const layout = titleLayout(frame, text.placement);
  ctx.save();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#ffffff';
  ctx.shadowColor = 'rgba(0, 0, 0, 0.55)';
  ctx.shadowBlur = Math.max(2, layout.titleSize * 0.18);
  ctx.font = `700 ${layout.titleSize}px ${FONT}`;
  const lines = wrapLines(text.title, layout.maxWidth, (s) => ctx.measureText(s).width, layout.maxLines);
  const titleStep = layout.titleSize * layout.lineHeight;
  const subStep = text.subtitle ? layout.subtitleSize * layout.lineHeight : 0;
  const height = lines.length * titleStep + subStep;
  const top =
    text.placement === 'top'
      ? layout.anchorY
      : text.placement === 'middle'
        ? layout.anchorY - height / 2
        : layout.anchorY - height;
  lines.forEach((line, i) => ctx.fillText(line, layout.centerX, top + i * titleStep));
  if (text.subtitle) {
    ctx.font = `500 ${layout.subtitleSize}px ${FONT}`;
    ctx.globalAlpha = 0.9;
    const [sub] = wrapLines(text.subtitle, layout.maxWidth, (s) => ctx.measureText(s).width, 1);
    ctx.fillText(sub ?? '', layout.centerX, top + lines.length * titleStep);
  }
  ctx.restore();
}

/** The title layer of an export: a transparent PNG of exactly `size`, base64 (what the server expects). */
export async function renderTitleLayer(size: Size, text: TitleText): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the title.');
  drawTitle(ctx, size, text);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('This browser cannot draw the title.');
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
