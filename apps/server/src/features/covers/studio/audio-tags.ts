import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';

/** What a downloaded cover says about itself in players and music libraries. */
export interface AudioTags {
  title: string;
  /** The voice that sings the cover. */
  artist: string;
  /** The cover art as a JPEG, when there is one. */
  picture?: Buffer | null;
}

/** A 28-bit number as ID3's "syncsafe" 4 bytes (7 bits each). */
function syncsafe(n: number): Buffer {
  return Buffer.from([(n >>> 21) & 0x7f, (n >>> 14) & 0x7f, (n >>> 7) & 0x7f, n & 0x7f]);
}

function frame(id: string, body: Buffer): Buffer {
  const head = Buffer.alloc(10);
  head.write(id, 0, 'latin1');
  head.writeUInt32BE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** A text frame in UTF-16 with its byte order mark: any script a title or a voice name uses. */
function textFrame(id: string, text: string): Buffer {
  return frame(id, Buffer.concat([Buffer.from([0x01, 0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
}

/**
 * An ID3v2.3 tag (the version every player and tag reader knows): title, artist and the front
 * cover picture (APIC, type 3).
 */
export function id3v2Tag(tags: AudioTags): Buffer {
  const frames = [textFrame('TIT2', tags.title), textFrame('TPE1', tags.artist)];
  if (tags.picture && tags.picture.length > 0) {
    const mime = Buffer.from('image/jpeg\0', 'latin1');
    // Encoding ISO-8859-1, the MIME type, picture type 3 (front cover), an empty description.
    frames.push(
      frame('APIC', Buffer.concat([Buffer.from([0x00]), mime, Buffer.from([0x03, 0x00]), tags.picture])),
    );
  }
  const body = Buffer.concat(frames);
  const head = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00]);
  return Buffer.concat([head, syncsafe(body.length), body]);
}

/** Bytes an ID3v2 tag takes at the start of a file (0 when there is none). */
export function id3v2Length(head: Buffer): number {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size =
    ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
  const footer = (head[5]! & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** A RIFF chunk: id, little-endian size, the body and a pad byte to an even length. */
function riffChunk(id: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** A WAV's LIST INFO chunk (title INAM, artist IART): what system file browsers show. */
export function wavInfoChunk(tags: AudioTags): Buffer {
  const field = (id: string, text: string) => riffChunk(id, Buffer.from(`${text}\0`, 'utf8'));
  return riffChunk(
    'LIST',
    Buffer.concat([Buffer.from('INFO', 'latin1'), field('INAM', tags.title), field('IART', tags.artist)]),
  );
}

async function readAt(fd: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await fd.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Writes `src` (an MP3) to `dest` with these tags in place of any ID3v2 tag it had. */
export async function writeTaggedMp3(src: string, dest: string, tags: AudioTags): Promise<void> {
  const fd = await fs.promises.open(src, 'r');
  let skip: number;
  try {
    skip = id3v2Length(await readAt(fd, 0, 10));
  } finally {
    await fd.close();
  }
  await fs.promises.writeFile(dest, id3v2Tag(tags));
  await pipeline(fs.createReadStream(src, { start: skip }), fs.createWriteStream(dest, { flags: 'a' }));
}

/**
 * Writes `src` (a WAV) to `dest` with the tags as a LIST INFO chunk and an "id3 " chunk (which
 * carries the picture), replacing such chunks it had; the audio is copied as it is.
 */
export async function writeTaggedWav(src: string, dest: string, tags: AudioTags): Promise<void> {
  const fd = await fs.promises.open(src, 'r');
  const kept: Array<{ start: number; end: number }> = [];
  try {
    const { size } = await fd.stat();
    const head = await readAt(fd, 0, 12);
    if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE')
      throw new Error('not a WAV file');
    let at = 12;
    while (at + 8 <= size) {
      const chunk = await readAt(fd, at, 12);
      const id = chunk.toString('latin1', 0, 4);
      const length = chunk.readUInt32LE(4);
      const end = Math.min(size, at + 8 + length + (length % 2));
      const isInfo = id === 'LIST' && chunk.toString('latin1', 8, 12) === 'INFO';
      if (!isInfo && id !== 'id3 ' && id !== 'ID3 ') kept.push({ start: at, end });
      at = end;
    }
  } finally {
    await fd.close();
  }
  const extra = Buffer.concat([wavInfoChunk(tags), riffChunk('id3 ', id3v2Tag(tags))]);
  const riffSize = 4 + kept.reduce((sum, c) => sum + (c.end - c.start), 0) + extra.length;
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(riffSize, 4);
  header.write('WAVE', 8, 'latin1');
  await fs.promises.writeFile(dest, header);
  for (const { start, end } of kept) {
    if (end > start)
      await pipeline(
        fs.createReadStream(src, { start, end: end - 1 }),
        fs.createWriteStream(dest, { flags: 'a' }),
      );
  }
  await fs.promises.appendFile(dest, extra);
}

/** Channels of a WAV from its first bytes (its 'fmt ' chunk), or null when they do not say. */
export function wavChannels(head: Buffer): number | null {
  if (head.length < 12 || head.toString('latin1', 0, 4) !== 'RIFF') return null;
  let at = 12;
  while (at + 8 <= head.length) {
    const id = head.toString('latin1', at, at + 4);
    const length = head.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 12 <= head.length) return head.readUInt16LE(at + 10);
    at += 8 + length + (length % 2);
  }
  return null;
}
