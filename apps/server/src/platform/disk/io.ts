import fs from 'node:fs';

/**
 * The file writes of the server's own writers (the embedded object store, the mail outbox), behind
 * one object so that tests can make the disk "full" (ENOSPC) without filling one.
 */
export const diskIo = {
  createWriteStream: (file: string, options: Parameters<typeof fs.createWriteStream>[1]) =>
    fs.createWriteStream(file, options),
  writeFile: (file: string, data: Buffer, options: { mode: number }) =>
    fs.promises.writeFile(file, data, options),
};
