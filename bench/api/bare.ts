/**
 * The yardstick of the API benchmark: a bare Fastify 5 process answering `GET /v1/health` with the
 * same envelope as ours (fixed data, no hooks, no plugins, no logger). Every figure of the product
 * is printed as a share of this route's requests per second on the same machine in the same run.
 * Run by bench/api/run.ts: `tsx bench/api/bare.ts <port>`.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 8361);
const app = Fastify({ logger: false });
const body = {
  code: 0,
  msg: 'ok',
  data: {
    status: 'ok',
    version: '1.1.78',
    database: { ok: true, driver: 'pglite', latencyMs: 0.12 },
    queue: { ok: true },
  },
};
app.get('/v1/health', async () => body);
await app.listen({ host: '127.0.0.1', port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.stdout.write(`bare on ${port}\n`);
