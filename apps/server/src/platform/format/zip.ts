import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';

/** One file of a zip: its name and a way to open its bytes when its turn comes. */
export interface ZipEntry {
  name: string;
  open: () => Promise<AsyncIterable<Buffer | Uint8Array>>;
  modified?: Date;
}

// The product's one zip writer (PKWARE APPNOTE 6.3), streaming: entries are stored, not
// deflated (JPEGs and WAVs barely shrink), each followed by a data descriptor, so nothing is
// buffered beyond one chunk and the CRC and size are known only after the bytes went out. No ZIP64:
// a headshot pack or a cover's stems are far below 4 GiB and 65,535 entries, and an entry that
// would pass 4 GiB fails the stream instead of writing a bad zip (decision 092).

const LIMIT = 0xffffffff;
const FLAG_DESCRIPTOR_UTF8 = 0x0008 | 0x0800;

function dosTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

async function* zipChunks(entries: ZipEntry[]): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const { time, date } = dosTime(entry.modified ?? new Date());
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(FLAG_DESCRIPTOR_UTF8, 6);
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC and sizes 0 here: they follow in the data descriptor.
    local.writeUInt16LE(name.length, 26);
    const headerOffset = offset;
    yield Buffer.concat([local, name]);
    offset += 30 + name.length;

    let crc = 0;
    let size = 0;
    for await (const chunk of await entry.open()) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      crc = crc32(buf, crc);
      size += buf.length;
      if (size > LIMIT || offset + size > LIMIT) throw new Error('zip entry too large');
      yield buf;
    }
    offset += size;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += 16;

    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4); // made by
    record.writeUInt16LE(20, 6); // needed
    record.writeUInt16LE(FLAG_DESCRIPTOR_UTF8, 8);
    record.writeUInt16LE(0, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(crc >>> 0, 16);
    record.writeUInt32LE(size, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(headerOffset, 42);
    central.push(record, name);
  }
  const directory = Buffer.concat(central);
  if (offset + directory.length > LIMIT) throw new Error('zip too large');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}

/** A readable stream of a zip of `entries`, opened one after another as the reader pulls. */
export function zipStream(entries: ZipEntry[]): Readable {
  if (entries.length > 0xffff) throw new Error('too many zip entries');
  return Readable.from(zipChunks(entries), { objectMode: false });
}

/** Writes a zip of files on this machine to `out` (a cover's stems: tens of megabytes each). */
export async function writeStoredZip(
  entries: Array<{ name: string; path: string }>,
  out: string,
): Promise<void> {
  const files = entries.map((entry) => ({
    name: entry.name,
    open: async () => fs.createReadStream(entry.path),
  }));
  await pipeline(zipStream(files), fs.createWriteStream(out));
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
