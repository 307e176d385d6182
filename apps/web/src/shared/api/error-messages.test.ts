import { describe, expect, it } from 'vitest';
import { Code, CoverMsg, Msg } from '@ai-covers/contracts';
import en from '../../locales/en.json';
import { flattenCopy, type CopyTree } from '../../locales/copy-test-kit';
import { errorKey, errorNotice, errorText, hasCopy } from './error-messages';
import { ApiError, NetworkError } from './errors';

const englishCopy = flattenCopy(en as CopyTree);
/** The English copy of an i18n key, or undefined when the key does not exist. */
const english = (key: string) => englishCopy.get(key);

/** A stand-in for i18next's `t` that reads the English copy, as the page does. */
const t = ((key: string, options?: { defaultValue?: string }) =>
  english(key) ?? options?.defaultValue ?? key) as Parameters<typeof errorText>[0];

describe('the error map (§8)', () => {
  it('gives every covers-tool message a key whose English copy is that message', () => {
    for (const [name, text] of Object.entries(CoverMsg)) {
      expect(errorKey(text), name).toBe(`errors.covers.${name}`);
      expect(english(`errors.covers.${name}`), name).toBe(text);
    }
  });

  it.each([
    'network',
    'generic',
    'notLoggedIn',
    'duplicateName',
    'modificationNotSupported',
    'fileMissing',
    'uploadOss',
    'uploadSubmit',
    'formatNotSupported',
    'downloadFailed',
    'retryTaskFailed',
    'outOfSpace',
  ] as const)('reads Msg.%s as errors.%s, whose English copy is the §8 text', (name) => {
    expect(errorKey(Msg[name])).toBe(`errors.${name}`);
    expect(english(`errors.${name}`)).toBe(Msg[name]);
  });

  it("shows a refused upload token ('get token error') as an upload failure", () => {
    expect(errorKey(new Error(Msg.getTokenError))).toBe('errors.uploadOss');
  });

  it('knows a failure by the message of the error or by the text itself', () => {
    expect(errorKey(new ApiError(Code.error, Msg.duplicateName))).toBe('errors.duplicateName');
    expect(errorKey(new NetworkError())).toBe('errors.network');
    expect(errorKey(Msg.fileMissing)).toBe('errors.fileMissing');
  });

  it('says which messages have words of their own: a known one or a size limit', () => {
    expect(hasCopy(Msg.duplicateName)).toBe(true);
    expect(hasCopy(`File is larger than the limit of ${1048576} bytes`)).toBe(true);
    expect(hasCopy('voice_id is not a voice id')).toBe(false);
  });

  it('shows an unknown message as written, or the fallback when one is given', () => {
    expect(errorKey('voice_id is not a voice id')).toBeNull();
    expect(errorText(t, new ApiError(Code.error, 'voice_id is not a voice id'))).toBe(
      'voice_id is not a voice id',
    );
    expect(errorText(t, 'something else', 'library.actionFailed')).toBe('Action failed');
    expect(errorText(t, new ApiError(Code.error, Msg.duplicateName), 'library.actionFailed')).toBe(
      'Duplicate name',
    );
  });

  it('turns a failure into a notice, with §8 generic text under the fallback key when unknown', () => {
    expect(errorNotice(new ApiError(Code.resourceError, Msg.fileMissing))).toEqual({
      key: 'errors.fileMissing',
      text: Msg.fileMissing,
    });
    expect(errorNotice(new Error('boom'), 'library.actionFailed')).toEqual({
      key: 'library.actionFailed',
      text: Msg.generic,
    });
  });
});

describe('a file over the size limit', () => {
  it('is said with the limit in megabytes, in the reader language', () => {
    const seen: Array<[string, unknown]> = [];
    const spy = ((key: string, options?: unknown) => {
      seen.push([key, options]);
      return key;
    }) as Parameters<typeof errorText>[0];
    expect(errorText(spy, `File is larger than the limit of ${300 * 1048576} bytes`)).toBe(
      'errors.fileTooLarge',
    );
    expect(seen[0]![1]).toMatchObject({ limit: '300 MB' });
    expect(english('errors.fileTooLarge')).toContain('{{limit}}');
  });
});
