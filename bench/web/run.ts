/**
 * Web budget (Foundation issue, item 12): gzip size of the JavaScript and CSS the first page
 * loads. Reads the Vite manifest, follows the entry's static imports and CSS (not dynamic
 * imports), writes bench/web/results.md and exits non-zero when JavaScript exceeds the budget.
 *
 * Run: npm run build -w apps/web && npm run bench:web
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const distDir = resolve(here, '../../apps/web/dist');
const manifestPath = join(distDir, '.vite/manifest.json');
const resultsPath = join(here, 'results.md');
/** First-page JavaScript budget in KiB (gzip). */
export const JS_BUDGET_KIB = 150;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface SizedFile {
  file: string;
  kind: 'js' | 'css';
  rawBytes: number;
  gzipBytes: number;
}

/** Files the first page loads: entry chunks, their static imports (transitively) and their CSS. */
export function firstPageFiles(manifest: Manifest): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk '${key}'`);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length === 0) throw new Error('manifest has no entry chunk');
  for (const [key] of entries) visit(key);
  return { js: [...js], css: [...css] };
}

function sizeOf(file: string, kind: 'js' | 'css'): SizedFile {
  const content = readFileSync(join(distDir, file));
  return { file, kind, rawBytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(2);

const webSrc = resolve(here, '../../apps/web/src');

/** The copy namespaces that ship on the first page: the named imports of en.json in shared/i18n/i18n.ts. */
export function firstPageCopy(i18nSource: string): string[] {
  const match = /import \{([^}]*)\} from '(?:\.\.\/)+locales\/en\.json';/.exec(i18nSource);
  return match
    ? match[1]!
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    : [];
}

/** Copy namespaces that first-page code asks for by key (`'wallet.balance'`, `` `errors.${…}` ``). */
export function namespacesUsed(code: string, namespaces: Set<string>): Set<string> {
  const used = new Set<string>();
  for (const m of code.matchAll(/["'`]([a-zA-Z]+)\.(?:\$\{|[a-zA-Z0-9_])/g))
    if (namespaces.has(m[1]!)) used.add(m[1]!);
  return used;
}

function main(): number {
  if (!existsSync(manifestPath)) {
    console.error(`No ${manifestPath}. Build first: npm run build -w apps/web`);
    return 2;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const { js, css } = firstPageFiles(manifest);
  const files = [...js.map((f) => sizeOf(f, 'js')), ...css.map((f) => sizeOf(f, 'css'))];
  const total = (kind: 'js' | 'css') =>
    files.filter((f) => f.kind === kind).reduce((sum, f) => sum + f.gzipBytes, 0);
  const jsTotal = total('js');
  const cssTotal = total('css');
  // A first-page component reading copy that loads later would show its key: refuse that too.
  const english = JSON.parse(readFileSync(join(webSrc, 'locales/en.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const shipped = new Set(firstPageCopy(readFileSync(join(webSrc, 'shared/i18n/i18n.ts'), 'utf8')));
  const used = new Set<string>();
  for (const file of js)
    for (const ns of namespacesUsed(readFileSync(join(distDir, file), 'utf8'), new Set(Object.keys(english))))
      used.add(ns);
  const missingCopy = [...used].filter((ns) => !shipped.has(ns));
  const pass = jsTotal <= JS_BUDGET_KIB * 1024 && missingCopy.length === 0;

  const lines = [
    '# Web bundle budget',
    '',
    `Date: ${new Date().toISOString()}`,
    '',
    'First page = the entry chunk of `apps/web/dist/.vite/manifest.json`, its static imports',
    '(transitively) and their CSS. Dynamic imports (routes, dialogs, copy beyond the first page) are not counted.',
    '',
    '| file | kind | raw KiB | gzip KiB |',
    '|---|---|---:|---:|',
    ...files.map((f) => `| ${f.file} | ${f.kind} | ${kib(f.rawBytes)} | ${kib(f.gzipBytes)} |`),
    '',
    `JavaScript total (gzip): **${kib(jsTotal)} KiB** of a ${JS_BUDGET_KIB} KiB budget: **${pass ? 'PASS' : 'FAIL'}**`,
    '',
    `CSS total (gzip): ${kib(cssTotal)} KiB`,
    '',
    `First-page copy: ${[...shipped].sort().join(', ')}; used by first-page code: ${[...used].sort().join(', ')}` +
      (missingCopy.length
        ? ` — **FAIL**: ${missingCopy.join(', ')} load later (add to shared/i18n/i18n.ts)`
        : ''),
    '',
    'Rerun: `npm run build -w apps/web && npm run bench:web` (from the repository root).',
    '',
  ];
  writeFileSync(resultsPath, lines.join('\n'));
  console.log(lines.join('\n'));
  return pass ? 0 : 1;
}

// Only run when executed directly, so tests can import firstPageFiles.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
