import { describe, expect, it } from 'vitest';
import {
  EMPTY_STUDIO_FILES,
  addResult,
  applyResultToInput,
  cloudFileRecord,
  localFileRecord,
  markInputStored,
  pickLocalFile,
  type ResultFile,
} from './studio-files';

const song = localFileRecord({ name: 'Summer Rain.MP3', size: 3_145_728 }, 'blob:song', new Blob(['x']));
const clean: ResultFile = { previewURL: '/r/clean.mp3', cloudID: 7, watermark: false, fileId: 'task-clean' };
const preview: ResultFile = {
  previewURL: '/r/preview.mp3',
  cloudID: null,
  watermark: true,
  fileId: 'task-prev',
};

describe('the studio files of §3 and the watermark rule of §4', () => {
  it('a local file record reads its name, extension and type, and starts watermarked', () => {
    expect(song).toMatchObject({
      name: 'Summer Rain.MP3',
      ext: 'mp3',
      size: 3_145_728,
      fileType: 'audio',
      playable: 'blob:song',
      sample: false,
      watermarked: true,
      cloudID: null,
      fileId: null,
    });
  });

  it('picking a local file sets watermarked and clears the results', () => {
    const withResults = addResult(
      addResult(applyResultToInput(EMPTY_STUDIO_FILES, clean, 'a.mp3'), clean),
      preview,
    );
    expect(withResults.results).toHaveLength(2);
    const next = pickLocalFile(withResults, { ...song, watermarked: false });
    expect(next.input).toMatchObject({ name: 'Summer Rain.MP3', watermarked: true });
    expect(next.results).toEqual([]);
  });

  it.each([
    [clean, false],
    [preview, true],
  ])('a result applied back to the input carries its watermark flag (%#)', (result, watermarked) => {
    const state = addResult(pickLocalFile(EMPTY_STUDIO_FILES, song), result);
    const next = applyResultToInput(state, result, 'again.mp3');
    expect(next.input).toMatchObject({
      watermarked,
      playable: result.previewURL,
      fileId: result.fileId,
      cloudID: result.cloudID,
      rawFile: null,
      ext: 'mp3',
    });
    expect(next.results).toEqual([result]);
  });

  it('a stored upload fills the record without changing its watermark', () => {
    const state = markInputStored(pickLocalFile(EMPTY_STUDIO_FILES, song), {
      storage_key: 'ai-covers/u/1.mp3',
      id: 12,
      duration: 61.5,
    });
    expect(state.input).toMatchObject({
      fileId: 'ai-covers/u/1.mp3',
      fileDestPath: 'ai-covers/u/1.mp3',
      cloudID: 12,
      fileDuration: 61.5,
      watermarked: true,
    });
    expect(markInputStored(EMPTY_STUDIO_FILES, { storage_key: 'k' })).toBe(EMPTY_STUDIO_FILES);
  });

  it('a cloud file is the input as stored; a late upload does not overwrite it', () => {
    const cloud = pickLocalFile(
      EMPTY_STUDIO_FILES,
      cloudFileRecord({ id: 4, name: 'Old song.wav', storage_key: 'ai-covers/u/4.wav' }),
    );
    expect(cloud.input).toMatchObject({
      cloudID: 4,
      fileId: 'ai-covers/u/4.wav',
      ext: 'wav',
      watermarked: true,
    });
    expect(markInputStored(cloud, { storage_key: 'ai-covers/u/late.mp3' })).toBe(cloud);
  });
});
