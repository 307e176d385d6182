// Storage benchmark: signed upload throughput and memory, and signed Range reads under load.
// Run: npx tsx bench/storage/run.ts   (writes bench/storage/results.md)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type net from 'node:net';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { loadSettings } from '../../apps/server/src/config';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/platform/db/client';
import { jobs } from '../../apps/server/src/jobs';
import { startQueue } from '../../apps/server/src/platform/queue/queue';
import { signedPutHeaders } from '../../apps/server/src/features/storage/storage.test-kit';
import type { StorageTokenParams } from '@ai-covers/contracts';

const here = path.dirname(fileURLToPath(import.meta.url));
const MB = 1024 * 1024;

function body(size: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 7);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const n = Math.min(chunk.length, size - sent);
      sent += n;
      this.push(chunk.subarray(0, n));
    },
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-storage-'));
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const database = await openDatabase({});
  const queue = await startQueue({ raw: database.raw, jobs, schema: 'pgboss', supervise: false });
  const secret = new TextEncoder().encode('bench-secret-0123456789-abcdefghijklmnop');
  const { app } = await buildApp({ settings, database, queue, logger: false, secret });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as net.AddressInfo).port;
  const visitor = { 'x-visitor-id': 'bench-visitor-0001' };

  const token = async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/storage/token?ext=wav', headers: visitor });
    return res.json().data.params as StorageTokenParams;
  };
  const put = (params: StorageTokenParams, size: number) =>
    new Promise<number>((resolve, reject) => {
      const headers = {
        ...signedPutHeaders(params, params.object_key, { contentType: 'audio/wav' }),
        'content-length': String(size),
      };
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: `/storage/${params.bucket_name}/${params.object_key}`,
          headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      body(size).pipe(req);
    });

  const lines: string[] = [
    `# Storage benchmark`,
    '',
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
    '',
  ];

  // 1. One large upload: throughput and RSS growth.
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  let t = performance.now();
  const status = await put(await token(), 200 * MB);
  const large = (performance.now() - t) / 1000;
  clearInterval(sampler);
  lines.push(`| case | result |`, `|---|---|`);
  lines.push(
    `| 1 × 200 MB signed PUT (${status}) | ${(200 / large).toFixed(0)} MB/s, ${large.toFixed(2)} s, RSS +${((peak - rss0) / MB).toFixed(1)} MB |`,
  );

  // 2. Many concurrent small uploads.
  const tokens = await Promise.all(Array.from({ length: 40 }, token));
  t = performance.now();
  const statuses = await Promise.all(tokens.map((p) => put(p, 2 * MB)));
  const small = (performance.now() - t) / 1000;
  lines.push(
    `| 40 concurrent × 2 MB (${statuses.filter((s) => s === 200).length} ok) | ${(40 / small).toFixed(1)} uploads/s, ${(80 / small).toFixed(0)} MB/s |`,
  );

  // 3. Signed Range reads (audio seeking) under load.
  const list = await app.inject({ method: 'GET', url: '/v1/library/files?page_size=1', headers: visitor });
  const url = list.json().data.rows[0].url as string;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${url}`,
    connections: 20,
    duration: 8,
    headers: { range: 'bytes=1048576-1114111' },
  });
  lines.push(
    `| signed GET, 64 KiB Range, 20 connections | ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx} |`,
  );

  await app.close();
  await queue.stop();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  lines.push(
    '',
    'Embedded store on the local disk (temp file + fsync + link), PGlite in memory, API and store in one process.',
  );
  fs.writeFileSync(path.join(here, 'results.md'), lines.join('\n') + '\n');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
