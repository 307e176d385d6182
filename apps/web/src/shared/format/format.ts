const MB = 1024 * 1024;

/** Formats a byte count in MB with two decimals, e.g. 1572864 → '1.50 MB' (§5). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  return `${(bytes / MB).toFixed(2)} MB`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats seconds as HH:mm:ss; infinite or unknown durations give '' (§9). */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
}

/** Formats a date in local time as 'YYYY-MM-DD HH:mm', the wire and display format of §5/§9. */
export function formatDate(value: Date | number | string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/**
 * A server time ('YYYY-MM-DD HH:mm' in UTC, §5) in local time, in the same format. Text that is
 * no such time is shown as it is.
 */
export function formatServerDate(utc: string): string {
  // Checked first: Date() reads many a word as some day in 2000.
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(utc)) return utc;
  return formatDate(new Date(`${utc.replace(' ', 'T')}:00Z`)) || utc;
}
