import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseBuffer } from 'music-metadata';
import { afterAll, describe, expect, it } from 'vitest';
import { id3v2Length, id3v2Tag, wavChannels, writeTaggedMp3, writeTaggedWav } from './audio-tags';
import { monoToStereoArgs } from './stems-channels';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audio-tags-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A mono 16-bit WAV of `frames` samples, with a LIST chunk before its data as ffmpeg writes one. */
function wav(frames: number, channels = 1): Buffer {
  const list = Buffer.concat([
    Buffer.from('LIST'),
    Buffer.from([14, 0, 0, 0]),
    Buffer.from('INFOISFT'),
    Buffer.from([2, 0, 0, 0]),
    Buffer.from('x\0'),
  ]);
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0);
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(channels, 10);
  fmt.writeUInt32LE(8000, 12);
  fmt.writeUInt32LE(8000 * 2 * channels, 16);
  fmt.writeUInt16LE(2 * channels, 20);
  fmt.writeUInt16LE(16, 22);
  const data = Buffer.alloc(8 + frames * 2 * channels);
  data.write('data', 0);
  data.writeUInt32LE(frames * 2 * channels, 4);
  for (let i = 0; i < frames * channels; i++)
    data.writeInt16LE(Math.round(8000 * Math.sin(i / 5)), 8 + i * 2);
  const body = Buffer.concat([Buffer.from('WAVE'), fmt, list, data]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0);
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

const picture = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
const tags = { title: 'Ada Lane – Mr. Brightside', artist: 'Velvet', picture };

describe('audio tags', () => {
  it('an ID3v2.3 tag with title, artist and front cover reads back, its length measured', async () => {
    const tag = id3v2Tag(tags);
    expect(id3v2Length(tag)).toBe(tag.length);
    expect(id3v2Length(Buffer.from('no tag here'))).toBe(0);
    const { common } = await parseBuffer(Buffer.concat([tag, Buffer.alloc(0)]), { mimeType: 'audio/mpeg' });
    expect([common.title, common.artist]).toEqual([tags.title, tags.artist]);
    expect(common.picture?.[0]?.type).toBe('Cover (front)');
    expect(Buffer.from(common.picture![0]!.data).equals(picture)).toBe(true);
  });

  it('an MP3 gets the new tag in place of its old one; its audio bytes stay as they were', async () => {
    const audio = Buffer.from([0xff, 0xfb, 0x90, 0x64, ...new Array(400).fill(0)]);
    const src = path.join(dir, 'in.mp3');
    fs.writeFileSync(src, Buffer.concat([id3v2Tag({ title: 'old', artist: 'Lavf' }), audio]));
    const dest = path.join(dir, 'out.mp3');
    await writeTaggedMp3(src, dest, tags);
    const out = fs.readFileSync(dest);
    const length = id3v2Length(out);
    expect(out.subarray(length).equals(audio)).toBe(true);
    const { common } = await parseBuffer(out.subarray(0, length), { mimeType: 'audio/mpeg' });
    expect(common.title).toBe(tags.title);
  });

  it('a WAV keeps its chunks and samples, drops its old INFO, gains INFO and id3 chunks', async () => {
    const source = wav(800);
    const src = path.join(dir, 'in.wav');
    fs.writeFileSync(src, source);
    const dest = path.join(dir, 'out.wav');
    await writeTaggedWav(src, dest, tags);
    const out = fs.readFileSync(dest);
    expect(out.readUInt32LE(4)).toBe(out.length - 8);
    const { common, format } = await parseBuffer(out, { mimeType: 'audio/wav' });
    expect([common.title, common.artist]).toEqual([tags.title, tags.artist]);
    expect(common.picture?.[0]?.format).toBe('image/jpeg');
    expect(format.numberOfChannels).toBe(1);
    const data = source.subarray(source.indexOf('data'));
    expect(out.includes(data)).toBe(true);
    expect(out.includes(Buffer.from('ISFT'))).toBe(false);
  });

  it('reads a WAV’s channels past other chunks; upmixes mono by copying, not by a matrix', () => {
    expect(wavChannels(wav(10, 1))).toBe(1);
    expect(wavChannels(wav(10, 2))).toBe(2);
    expect(wavChannels(Buffer.from('not a wav at all'))).toBeNull();
    expect(monoToStereoArgs('a.wav', 'b.wav')).toEqual([
      '-nostdin',
      '-v',
      'error',
      '-i',
      'a.wav',
      '-af',
      'pan=stereo|c0=c0|c1=c0',
      '-c:a',
      'pcm_s16le',
      '-f',
      'wav',
      '-y',
      'b.wav',
    ]);
  });
});
