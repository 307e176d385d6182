import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';

/** One file of a zip: its name inside the archive and where its bytes are on this machine. */
export interface ZipEntry {
  name: string;
  path: string;
}

/** Classic zip fields are 32-bit; past this the archive would need Zip64. */
const ZIP32_MAX = 0xffff_fffe;

/** CRC-32 of a file, streamed (audio stems are tens of megabytes). */
async function crcOfFile(path: string): Promise<number> {
  let crc = 0;
  for await (const chunk of fs.createReadStream(path)) crc = crc32(chunk as Buffer, crc);
  return crc;
}

/** MS-DOS date and time of a moment, as zip headers carry them. */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/**
 * Writes a zip of `entries` to `out` with the files stored, not deflated: audio (WAV) barely
 * shrinks, and storing keeps the archive a straight copy any unzip tool opens. Names are UTF-8.
 */
export async function writeStoredZip(entries: ZipEntry[], out: string, at = new Date()): Promise<void> {
  const { time, date } = dosTime(at);
  const central: Buffer[] = [];
  let offset = 0;
  const sink = fs.createWriteStream(out);
  const write = (buf: Buffer) =>
    new Promise<void>((resolve, reject) => sink.write(buf, (e) => (e ? reject(e) : resolve())));
  try {
    for (const entry of entries) {
      const size = (await fs.promises.stat(entry.path)).size;
      if (size > ZIP32_MAX || offset > ZIP32_MAX) throw new Error('zip: file too large for a zip32 archive');
      const crc = await crcOfFile(entry.path);
      const name = Buffer.from(entry.name, 'utf8');
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4); // version needed
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(0, 8); // stored
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(size, 18);
      local.writeUInt32LE(size, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      await write(local);
      await write(name);
      await pipeline(fs.createReadStream(entry.path), sink, { end: false });
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4); // made by
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0800, 8);
      header.writeUInt16LE(0, 10);
      header.writeUInt16LE(time, 12);
      header.writeUInt16LE(date, 14);
      header.writeUInt32LE(crc, 16);
      header.writeUInt32LE(size, 20);
      header.writeUInt32LE(size, 24);
      header.writeUInt16LE(name.length, 28);
      header.writeUInt32LE(offset, 42);
      central.push(header, name);
      offset += 30 + name.length + size;
    }
    const dir = Buffer.concat(central);
    await write(dir);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(dir.length, 12);
    end.writeUInt32LE(offset, 16);
    await write(end);
  } finally {
    await new Promise<void>((resolve) => sink.end(resolve));
  }
}

/** Names and contents of a stored zip's entries (for tests and checks; reads the central directory). */
export function readStoredZip(zip: Buffer): Array<{ name: string; data: Buffer; crcOk: boolean }> {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('zip: no end of central directory');
  const count = zip.readUInt16LE(endAt + 10);
  let at = zip.readUInt32LE(endAt + 16);
  const out: Array<{ name: string; data: Buffer; crcOk: boolean }> = [];
  for (let i = 0; i < count; i++) {
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    out.push({ name, data, crcOk: crc32(data) === crc });
    at += 46 + nameLength;
  }
  return out;
}
