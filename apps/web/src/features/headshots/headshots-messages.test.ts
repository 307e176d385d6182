import { describe, expect, it } from 'vitest';
import { HeadshotMsg, Msg } from '@ai-covers/contracts';
import en from '../../locales/en.json';
import { flattenCopy, type CopyTree } from '../../locales/copy-test-kit';
import { errorKey } from '../../shared/api/error-messages';
// Registers the headshot messages, as loading any headshot page does.
import './headshots-api';

const englishCopy = flattenCopy(en as CopyTree);
/** The English copy of an i18n key, or undefined when the key does not exist. */
const english = (key: string) => englishCopy.get(key);

describe('the error map (§8) with the headshot messages', () => {
  it('gives every headshot message a key whose English copy is that message', () => {
    for (const [name, text] of Object.entries(HeadshotMsg)) {
      // 'Format not supported' is §8's own message and keeps its key.
      const key = text === Msg.formatNotSupported ? 'errors.formatNotSupported' : `errors.headshots.${name}`;
      expect(errorKey(text), name).toBe(key);
      expect(english(key), name).toBe(text);
    }
  });
});
