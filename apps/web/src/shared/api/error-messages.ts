import type { TFunction } from 'i18next';
import { CoverArtMsg, CoverMsg, FeedbackMsg, Msg, RenameMsg } from '@ai-covers/contracts';

// The one map from a failure to its copy. A failure is known by its §8 message: the server sends
// code 1 with many different messages, and failures of the browser's own (the network, an upload,
// a task's stored error) carry no code at all. §8 message `Msg.x` reads `errors.x`; a covers-tool
// message `CoverMsg.x` reads `errors.covers.x`, a cover art message `CoverArtMsg.x` `errors.coverArt.x`, a
// headshot message `HeadshotMsg.x` `errors.headshots.x` (registered by that feature, below). A message missing here is shown as it was written
// (a contract's field check names the field, which is the most useful thing to show).
const ERROR_KEYS: Record<string, string> = {
  [Msg.network]: 'errors.network',
  [Msg.generic]: 'errors.generic',
  [Msg.notLoggedIn]: 'errors.notLoggedIn',
  [Msg.insufficientPoints]: 'errors.insufficientPoints',
  [Msg.duplicateName]: 'errors.duplicateName',
  [Msg.modificationNotSupported]: 'errors.modificationNotSupported',
  [RenameMsg.tooLong]: 'errors.renameTooLong',
  [RenameMsg.otherType]: 'errors.renameOtherType',
  [Msg.fileMissing]: 'errors.fileMissing',
  [Msg.uploadOss]: 'errors.uploadOss',
  // §8: a refused upload token reads 'get token error', which is an upload failure to the visitor.
  [Msg.getTokenError]: 'errors.uploadOss',
  [Msg.uploadSubmit]: 'errors.uploadSubmit',
  [Msg.formatNotSupported]: 'errors.formatNotSupported',
  [Msg.downloadFailed]: 'errors.downloadFailed',
  [Msg.retryTaskFailed]: 'errors.retryTaskFailed',
  [Msg.outOfSpace]: 'errors.outOfSpace',
  ...Object.fromEntries(Object.entries(CoverMsg).map(([name, text]) => [text, `errors.covers.${name}`])),
  ...Object.fromEntries(Object.entries(CoverArtMsg).map(([name, text]) => [text, `errors.coverArt.${name}`])),
  ...Object.fromEntries(Object.entries(FeedbackMsg).map(([name, text]) => [text, `errors.feedback.${name}`])),
};

/**
 * Adds a lazily loaded feature's messages to the map: `messages.x` reads `${prefix}.x`. A text the
 * map already knows keeps its key (§8's own messages come first). AI Headshots registers its
 * messages when its code loads, so their schemas' module never weighs on the first page (bench/web).
 */
export function registerErrorMessages(prefix: string, messages: Readonly<Record<string, string>>): void {
  for (const [name, text] of Object.entries(messages)) ERROR_KEYS[text] ??= `${prefix}.${name}`;
}

/** The byte limit of the store's "File is larger than the limit of N bytes", else null. */
export function tooLargeBytes(message: string): number | null {
  const match = /^File is larger than the limit of (\d+) bytes$/.exec(message);
  return match ? Number(match[1]) : null;
}

/** The message of a failure: an Error's message, or the text itself. */
function messageOf(failure: unknown): string {
  if (failure instanceof Error) return failure.message;
  return typeof failure === 'string' ? failure : Msg.generic;
}

/** True when the web has words of its own for a message (a key in the map, or a size limit). */
export function hasCopy(message: string): boolean {
  return ERROR_KEYS[message] !== undefined || tooLargeBytes(message) !== null;
}

/** The i18n key of a failure's message, or null when it has none. */
export function errorKey(failure: unknown): string | null {
  return ERROR_KEYS[messageOf(failure)] ?? null;
}

/**
 * A failure as a notice (`key` for the reader's language, `text` the English fallback). An unknown
 * message becomes `fallbackKey` with `fallbackText` (§8's generic text unless the caller has its own).
 */
export function errorNotice(
  failure: unknown,
  fallbackKey = 'errors.generic',
  fallbackText: string = Msg.generic,
): { key: string; text: string } {
  const message = messageOf(failure);
  const key = ERROR_KEYS[message];
  return key ? { key, text: message } : { key: fallbackKey, text: fallbackText };
}

/**
 * A failure in the reader's language. An unknown message becomes `fallbackKey` when one is given,
 * else it is shown as it was written.
 */
export function errorText(t: TFunction, failure: unknown, fallbackKey?: string): string {
  const message = messageOf(failure);
  const limit = tooLargeBytes(message);
  if (limit !== null)
    return t('errors.fileTooLarge', { limit: `${Math.round(limit / 1048576)} MB`, defaultValue: message });
  const key = ERROR_KEYS[message];
  if (key) return t(key, { defaultValue: message });
  return fallbackKey ? t(fallbackKey, { defaultValue: Msg.generic }) : message;
}
