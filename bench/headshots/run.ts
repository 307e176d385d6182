/**
 * Headshots benchmark: one command (`npm run bench:headshots`) regenerates bench/headshots/results.md
 * and results.json. Photo-check time per photo, a Basic pack (50 results from 8 photos), peak memory,
 * how responsive the calling thread stays during the pack, and the likeness figures.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import {
  createHeadshots,
  NEAR_DUPLICATE_DISTANCE,
  packCapacity,
  type PackResult,
} from '../../packages/headshots/src/index';
import { judgeDescriptor, judgeDistance } from '../../packages/headshots/src/face/judge';
import { loadSimilarity } from '../../packages/headshots/src/face/likeness';
import { printDistance } from '../../packages/headshots/src/make/print';
import { astronaut, eightPhotos, graceHopper } from './inputs';
import { writeResults, type Results } from './report';

const COUNT = Number(process.env['BENCH_COUNT'] ?? 50);
const STYLE = process.env['BENCH_STYLE'] ?? 'corporate-grey';

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))] ?? NaN;
  return { n: s.length, min: s[0] ?? NaN, p10: q(0.1), median: q(0.5), p90: q(0.9), max: s.at(-1) ?? NaN };
};

function vmHwmMb(): number {
  const m = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * This process's child processes (the matting process) with resident memory (MB) and CPU seconds so
 * far. Reads only /proc/<own pid>/task/<tid>/children and the children's own files, so the sampler
 * stays cheap and does not itself delay the event loop it measures.
 */
function children(): { pid: number; rssMb: number; cpuS: number }[] {
  const pids = new Set<number>();
  for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
    try {
      for (const p of readFileSync(`/proc/${process.pid}/task/${tid}/children`, 'utf8').split(' '))
        if (p.trim()) pids.add(Number(p));
    } catch {
      // The thread ended meanwhile.
    }
  }
  const out: { pid: number; rssMb: number; cpuS: number }[] = [];
  for (const pid of pids) {
    try {
      // After the name (which may hold spaces): utime and stime are the 12th and 13th fields.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      out.push({ pid, rssMb: m ? Number(m[1]) / 1024 : 0, cpuS: (Number(f[11]) + Number(f[12])) / 100 });
    } catch {
      // Ended meanwhile.
    }
  }
  return out;
}

/** A loopback JSON endpoint and a client that asks it every 50 ms, as a stand-in for the API. */
async function apiProbe() {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"code":0,"data":{"status":2},"msg":""}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  let samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      await (await fetch(url)).text();
      samples.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    take() {
      const s = samples;
      samples = [];
      return s;
    },
    async stop() {
      running = false;
      await loop;
      server.close();
    },
  };
}

async function main() {
  const started = Date.now();
  const work = mkdtempSync(path.join(tmpdir(), 'bench-headshots-'));
  const load0 = loadavg()[0]!;
  const hs = createHeadshots({ threads: 2 });
  try {
    // ---- Photo check time (warm workers; the first check also loads the models) ----
    const sizes = [512, 1600, 3000, 4000];
    const sized: { label: string; file: string }[] = [];
    for (const s of sizes) {
      const file = path.join(work, `check-${s}.jpg`);
      await sharp(graceHopper()).resize(s).jpeg({ quality: 90 }).toFile(file);
      sized.push({ label: `${s} px wide JPEG`, file });
    }
    const coldStart = performance.now();
    await hs.checkPhoto(sized[0]!.file);
    const coldMs = performance.now() - coldStart;
    // The second worker loads its models too before timing starts.
    await Promise.all([hs.checkPhoto(sized[0]!.file), hs.checkPhoto(sized[0]!.file)]);
    const checkRows: Results['check'] = [];
    for (const { label, file } of sized) {
      const ms: number[] = [];
      let reasons: string[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        const r = await hs.checkPhoto(file);
        ms.push(performance.now() - t);
        reasons = r.reasons;
      }
      checkRows.push({
        input: label,
        ...stats(ms),
        verdict: reasons.length ? reasons.join(',') : 'approved',
      });
    }

    // ---- Basic pack: 50 results from 8 photos ----
    const photos = await eightPhotos(path.join(work, 'photos'));
    // Checked one after another as a person would add them: each against the ones approved before.
    const photoChecks = [];
    const approvedPrints: string[] = [];
    const approvedChecks = [];
    const sourceFace = new Map<number, number>();
    for (const [i, p] of photos.entries()) {
      const t = performance.now();
      const r = await hs.checkPhoto(p, { approved: approvedPrints });
      if (r.approved && r.fingerprint) {
        approvedPrints.push(r.fingerprint);
        approvedChecks.push(r);
      }
      if (r.face) sourceFace.set(i, r.face.width);
      photoChecks.push({
        photo: path.basename(p),
        ms: performance.now() - t,
        verdict: r.reasons.join(',') || 'approved',
        width: r.width,
        height: r.height,
        capacity: r.capacity,
      });
    }
    const capacity = packCapacity(approvedChecks);
    const count = Math.min(COUNT, capacity);
    const probe = await apiProbe();
    await new Promise((r) => setTimeout(r, 3000));
    const idleApi = probe.take();
    const idleLoop = monitorEventLoopDelay({ resolution: 10 });
    idleLoop.enable();
    await new Promise((r) => setTimeout(r, 2000));
    idleLoop.disable();

    const rss: number[] = [];
    const total: number[] = [];
    const childCpu = new Map<number, number>();
    const cpu0 = process.cpuUsage();
    const sampler = setInterval(() => {
      const own = process.memoryUsage().rss / 1024 / 1024;
      const kids = children();
      for (const k of kids) childCpu.set(k.pid, Math.max(childCpu.get(k.pid) ?? 0, k.cpuS));
      rss.push(own);
      total.push(own + kids.reduce((a, k) => a + k.rssMb, 0));
    }, 100);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const stages: Record<string, number> = {};
    const t0 = performance.now();
    const pack: PackResult = await hs.makePack({
      photos,
      styles: [STYLE],
      count,
      outDir: path.join(work, 'pack'),
      onProgress: (p) => {
        stages[p.stage] ??= (performance.now() - t0) / 1000;
      },
    });
    const packSeconds = (performance.now() - t0) / 1000;
    loop.disable();
    clearInterval(sampler);
    const busyApi = probe.take();
    await probe.stop();
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6 + [...childCpu.values()].reduce((a, b) => a + b, 0);
    const peakRssMb = Math.max(...rss);
    const peakTotalMb = Math.max(...total);
    const hwmMb = vmHwmMb();

    // ---- Likeness figures ----
    const made = [...pack.files.map((f) => f.likeness), ...pack.rejected.map((r) => r.likeness)];
    // Each delivered result through the photo check, and its similarity to another person (the astronaut).
    const sim = await loadSimilarity();
    const other = await hs.checkPhoto(await sharp(astronaut()).resize(768).jpeg().toBuffer());
    const impostor: number[] = [];
    const zoom: number[] = [];
    let resultsApproved = 0;
    for (const f of pack.files) {
      const r = await hs.checkPhoto(f.path);
      if (r.approved) resultsApproved++;
      if (r.embedding && other.embedding) impostor.push(sim(r.embedding, other.embedding));
      // The face traced back to its source photo: result face width over source face width.
      const src = sourceFace.get(f.photo);
      if (r.face && src) zoom.push(r.face.width / src);
    }
    // Every pair of delivered results by the perceptual distance of the near-duplicate rule.
    const pairs: number[] = [];
    for (let i = 0; i < pack.files.length; i++)
      for (let j = i + 1; j < pack.files.length; j++)
        pairs.push(printDistance(pack.files[i]!.print, pack.files[j]!.print));
    // The independent judge against a different person (the astronaut), in this thread.
    const otherRaw = await sharp(astronaut())
      .resize(768)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const otherJudge = await judgeDescriptor(otherRaw.data, otherRaw.info.width, otherRaw.info.height);
    const judgeImpostor: number[] = [];
    for (const f of pack.files) {
      const raw = await sharp(f.path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      judgeImpostor.push(
        judgeDistance(await judgeDescriptor(raw.data, raw.info.width, raw.info.height), otherJudge),
      );
    }
    const ms = (h: ReturnType<typeof monitorEventLoopDelay>) => ({
      p50: h.percentile(50) / 1e6,
      p99: h.percentile(99) / 1e6,
      max: h.max / 1e6,
    });
    const results: Results = {
      date: new Date().toISOString(),
      minutes: (Date.now() - started) / 60000,
      machine: {
        cpu: cpus()[0]?.model ?? '?',
        cores: cpus().length,
        memGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        loadAvg1mStart: load0,
        loadAvg1mEnd: loadavg()[0]!,
        ...(process.env['MALLOC_ARENA_MAX'] ? { mallocArenaMax: process.env['MALLOC_ARENA_MAX'] } : {}),
      },
      check: checkRows,
      coldCheckMs: coldMs,
      photoChecks,
      pack: {
        style: STYLE,
        asked: COUNT,
        count,
        capacity,
        photos: photos.length,
        seconds: packSeconds,
        cpuSeconds,
        stages,
        delivered: pack.files.length,
        rejected: pack.rejected.length,
        shortfall: pack.shortfall,
        combinations: pack.combinations,
        declined: pack.declined.length,
        peakRssMb,
        peakTotalMb,
        hwmMb,
        perFramings: countBy(pack.files.map((f) => f.variant.framing)),
        perLight: countBy(pack.files.map((f) => f.variant.light)),
        sizes: countBy(pack.files.map((f) => `${f.width}×${f.height}`)),
        upscale: stats(pack.files.map((f) => f.upscale)),
        faceZoom: stats(zoom),
        pairDistance: stats(pairs),
        nearDuplicatePairs: pairs.filter((d) => d < NEAR_DUPLICATE_DISTANCE).length,
        nearDuplicateDistance: NEAR_DUPLICATE_DISTANCE,
        rejectedBy: countBy(pack.rejected.map((r) => r.reason)),
        perPhoto: countBy(pack.files.map((f) => String(f.photo))),
      },
      api: { idle: stats(idleApi), busy: stats(busyApi), loopIdle: ms(idleLoop), loopBusy: ms(loop) },
      likeness: {
        threshold: pack.likenessThreshold,
        made: stats(made),
        under: made.filter((v) => v < pack.likenessThreshold).length,
        source: stats(pack.files.map((f) => f.sourceLikeness)),
        impostor: stats(impostor),
        impostorOver: impostor.filter((v) => v >= pack.likenessThreshold).length,
        resultsApproved,
        judge: stats(pack.files.map((f) => f.judgeDistance)),
        judgeMade: stats([
          ...pack.files.map((f) => f.judgeDistance),
          ...pack.rejected.flatMap((r) => (r.judgeDistance === null ? [] : [r.judgeDistance])),
        ]),
        judgeImpostor: stats(judgeImpostor),
      },
    };
    writeResults(results);
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await hs.close();
    rmSync(work, { recursive: true, force: true });
  }
}

function countBy(xs: string[]): Record<string, number> {
  const m: Record<string, number> = {};
  for (const x of xs) m[x] = (m[x] ?? 0) + 1;
  return m;
}

await main();
