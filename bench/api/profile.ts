/**
 * Where a server's CPU time went: reads a V8 `.cpuprofile` (node --cpu-prof) and prints the share
 * of its busy (not idle) time by area (a package under node_modules, a folder of ours, GC) and the
 * functions with the most self time and the most inclusive time.
 * Run: `npx tsx bench/api/profile.ts <file.cpuprofile> [top=25] [skip seconds=0]` (skip the
 * start-up: the bench prints how long the server took to answer).
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** The package or our folder a script belongs to. */
export function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const ours = /\/(apps|packages)\/([^/]+)\/src\/(.*)$/.exec(url);
  if (ours) {
    const parts = ours[3]!.split('/');
    return `${ours[1]}/${ours[2]}/${parts.slice(0, Math.min(2, parts.length - 1)).join('/')}`;
  }
  return url;
}

export function summarise(profile: Profile, top = 25, skipSeconds = 0): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  let total = 0;
  let elapsed = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    elapsed += dt;
    // Start-up (module loading, migrations) is not what a request costs.
    if (elapsed < skipSeconds * 1e6) return;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const label = (n: Node) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|packages)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
  const areas = new Map<string, number>();
  const selfByFn = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, t] of self) {
    const n = byId.get(id)!;
    const area = areaOf(n.callFrame.url, n.callFrame.functionName);
    areas.set(area, (areas.get(area) ?? 0) + t);
    selfByFn.set(label(n), (selfByFn.get(label(n)) ?? 0) + t);
    // Inclusive: once per distinct frame on the stack of each sample group.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur)!);
      if (seen.has(l)) continue;
      seen.add(l);
      inclusive.set(l, (inclusive.get(l) ?? 0) + t);
    }
  }
  const busy = total - (areas.get('(idle)') ?? 0);
  // Shares of the busy time: the idle time (between load runs) says nothing about a request.
  const pct = (t: number) => `${((100 * t) / busy).toFixed(1)} %`;
  areas.delete('(idle)');
  selfByFn.delete('(idle) :0');
  inclusive.delete('(idle) :0');
  const table = (title: string, m: Map<string, number>, n: number) =>
    [
      `| ${title} | share of busy time |`,
      '|---|---:|',
      ...[...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, t]) => `| ${k.replace(/\|/g, '\\|')} | ${pct(t)} |`),
    ].join('\n');
  return [
    `Profile: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (not idle); shares below are of the busy time.`,
    '',
    table('area (self time)', areas, top),
    '',
    table('function (self time)', selfByFn, top),
    '',
    table('function (inclusive)', inclusive, top),
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: tsx bench/api/profile.ts <file.cpuprofile> [top] [skip seconds]\n');
    process.exit(2);
  }
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  process.stdout.write(summarise(profile, Number(process.argv[3] ?? 25), Number(process.argv[4] ?? 0)));
}
