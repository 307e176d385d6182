import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The server's signing secret: AUTH_SECRET when set, else one generated once and kept in the data
 * directory (0600), so tokens survive restarts of the embedded default.
 */
export function loadSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return new Uint8Array(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64'));
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  fs.writeFileSync(file, secret.toString('base64'), { mode: 0o600, flag: 'wx' });
  return new Uint8Array(secret);
}
