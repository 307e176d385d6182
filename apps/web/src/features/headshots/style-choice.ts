/**
 * The style picker's rule (§2): one style, or up to `max` with an n/m counter. With `max` 1 a click
 * swaps the choice; above it a click adds or removes, and a click past the limit changes nothing.
 */
export function toggleStyle(selected: readonly string[], id: string, max: number): string[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  if (max <= 1) return [id];
  if (selected.length >= max) return [...selected];
  return [...selected, id];
}

/** Category names in first-seen order: the menu puts 'All' before them (§3). */
export function styleCategories(styles: readonly { category: string }[]): string[] {
  return [...new Set(styles.map((s) => s.category))];
}
