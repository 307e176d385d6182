/** The spec's date format 'YYYY-MM-DD HH:mm' (§5), in UTC. */
export function formatDate(date: Date | string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  return d.toISOString().slice(0, 16).replace('T', ' ');
}

/** {@link formatDate}, or null for a missing date. */
export function formatDateOrNull(date: Date | string | null | undefined): string | null {
  return date === null || date === undefined ? null : formatDate(date);
}
