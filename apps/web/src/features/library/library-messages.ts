import { Msg } from '@ai-covers/contracts';

// Server and upload messages of §8 → i18n keys, in one place (the English text is the fallback).
const KEYS: Record<string, string> = {
  [Msg.duplicateName]: 'library.errors.duplicateName',
  [Msg.modificationNotSupported]: 'library.errors.notSupported',
  [Msg.fileMissing]: 'library.errors.fileMissing',
  [Msg.deleteFailed]: 'library.deleteFailed',
  [Msg.uploadOss]: 'library.errors.uploadOss',
  [Msg.uploadSubmit]: 'library.errors.uploadSubmit',
  [Msg.getTokenError]: 'library.errors.uploadOss',
  [Msg.network]: 'errors.network',
  [Msg.notLoggedIn]: 'library.errors.notLoggedIn',
};

/** The i18n key and English fallback for a failure message. */
export function messageKey(message: string, fallbackKey = 'errors.generic'): { key: string; text: string } {
  const key = KEYS[message];
  return key ? { key, text: message } : { key: fallbackKey, text: Msg.generic };
}
