/**
 * The vector-icon fetch (§7): GET an svg by its URL; '' when the answer is not 200, is not an svg,
 * or the network fails (§8: an icon fetch failure returns an empty string, never an error), so a
 * caller only has to choose what to show instead.
 */
export async function fetchVectorIcon(url: string, init?: RequestInit): Promise<string> {
  try {
    const res = await fetch(url, init);
    if (res.status !== 200) return '';
    const text = await res.text();
    return /<svg[\s>]/i.test(text) ? text : '';
  } catch {
    return '';
  }
}

/** An svg text as an image address: shown by an <img>, its scripts never run in the page. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
