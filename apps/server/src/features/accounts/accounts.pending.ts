import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A sign-in that waits for its e-mail to be verified names its account in a hidden form field,
 * signed together with the interaction's uid: the field cannot be moved to another sign-in or
 * changed to another account, and the interaction's own expiry bounds its life.
 */
export function signPending(key: string, uid: string, accountId: string): string {
  return `${accountId}.${mac(key, uid, accountId)}`;
}

/** The account id of a signed pending field for this interaction, or null. */
export function readPending(key: string, uid: string, value: string): string | null {
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  const accountId = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(mac(key, uid, accountId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? accountId : null;
}

function mac(key: string, uid: string, accountId: string): string {
  return createHmac('sha256', key).update(`pending-signin\n${uid}\n${accountId}`).digest('base64url');
}
