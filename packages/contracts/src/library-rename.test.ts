import { describe, expect, it } from 'vitest';
import { RenameMsg, planRename } from './library-rename';

const jpeg = { name: 'holiday.jpg', type: 'image' as const };
const wav = { name: 'take one.wav', type: 'audio' as const };

describe('planRename (§3 name ≤100 characters, §5 rename)', () => {
  it.each([
    ['beach', jpeg, 'beach.jpg'],
    ['beach.jpeg', jpeg, 'beach.jpeg'],
    ['beach.PNG', jpeg, 'beach.PNG'],
    ['Track 1.2', wav, 'Track 1.2.wav'],
    ['x'.repeat(96), wav, `${'x'.repeat(96)}.wav`],
    [`${'x'.repeat(96)}.mp3`, wav, `${'x'.repeat(96)}.mp3`],
    ['notes', { name: 'README', type: 'file' as const }, 'notes'],
  ])('stores %j for %j as %j', (requested, current, stored) => {
    expect(planRename(requested, current)).toEqual({ ok: true, name: stored });
  });

  it('counts the extension it adds: 100 characters for a WAV would store 104', () => {
    expect(planRename('x'.repeat(97), wav)).toEqual({
      ok: false,
      message: RenameMsg.tooLong,
      name: `${'x'.repeat(97)}.wav`,
    });
    expect(planRename('x'.repeat(100), wav)).toMatchObject({ ok: false, message: RenameMsg.tooLong });
    expect(planRename(`${'x'.repeat(97)}.mp3`, wav)).toMatchObject({ ok: false, message: RenameMsg.tooLong });
  });

  it.each([
    ['x.mp3', jpeg],
    ['clip.mp4', wav],
    ['cover.png', wav],
    ['lyrics.txt', jpeg],
  ])("refuses %j for %j: another type's extension", (requested, current) => {
    expect(planRename(requested, current)).toMatchObject({ ok: false, message: RenameMsg.otherType });
  });
});
