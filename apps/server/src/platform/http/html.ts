/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * Replaces the first match of `pattern` in `document` with `fragment`, taken literally. A string
 * passed as the replacement of `String.prototype.replace` would read `$&`, `` $` ``, `$'` and `$1`
 * in it as patterns, so user text (a title) could copy the page's own source into the page; the
 * splice here never reads the fragment.
 */
export function spliceHtml(document: string, pattern: RegExp, fragment: string): string {
  const match = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(document);
  if (!match) return document;
  return document.slice(0, match.index) + fragment + document.slice(match.index + match[0].length);
}
