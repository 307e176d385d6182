import { Code, CoverMsg, Msg } from '@ai-covers/contracts';

// Server and upload messages → i18n keys, in one place. A message without a key (a field check
// of the contract, say) is shown as the server wrote it.
const COVER_KEYS: Record<string, string> = Object.fromEntries(
  Object.entries(CoverMsg).map(([name, text]) => [text, `coversTool.errors.${name}`]),
);
const SHARED_KEYS: Record<string, string> = {
  [Msg.network]: 'errors.network',
  [Msg.generic]: 'errors.generic',
  [Msg.formatNotSupported]: 'coversTool.errors.format',
  [Msg.uploadOss]: 'library.errors.uploadOss',
  [Msg.uploadSubmit]: 'library.errors.uploadSubmit',
  [Msg.getTokenError]: 'library.errors.uploadOss',
  [Msg.notLoggedIn]: 'library.errors.notLoggedIn',
  [Msg.deleteFailed]: 'library.deleteFailed',
  [Msg.downloadFailed]: 'coversTool.errors.downloadFailed',
  [Msg.retryTaskFailed]: 'coversTool.errors.retryFailed',
};

/** The i18n key of a failure message (null: show the text as it is) and its English text. */
export function coverMessage(message: string): { key: string | null; text: string } {
  return { key: COVER_KEYS[message] ?? SHARED_KEYS[message] ?? null, text: message };
}

/** §8: a retry refused with code 49 or 490618 reads 'Request failed. Please refresh and try again.' */
export function retryFailureMessage(code: number, message: string): string {
  return code === 49 || code === Code.noTask ? Msg.retryTaskFailed : message;
}
