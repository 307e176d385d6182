/** Fetches an SVG icon as text; '' on a non-200 answer or a network error (§7, §8). */
export async function fetchSvgIcon(url: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  try {
    const response = await fetchImpl(url);
    if (response.status !== 200) return '';
    return await response.text();
  } catch {
    return '';
  }
}
