// Citations of the product description (`§7`, `§1.2`) and the headings that answer them.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

/** One `§n` or `§n.m` found in a file. */
interface Citation {
  section: string;
  line: number;
  /** Why the citation cannot be answered by this folder, when it names another document. */
  elsewhere?: string;
}

// A section number: digits with dotted sub-numbers; a trailing full stop ends the sentence.
const CITATION = /§\s?(\d+(?:\.\d+)*)/g;
/** Outside standards name themselves first ("RFC 9110 §13.1.2"): not ours to check. */
const EXTERNAL = /\bRFC\s?\d+,?\s*$/;
/** Documents that are not in the repository. */
const MISSING_DOCUMENT = /\bDESIGN\s*$/;
const HEADING = /^#{1,6}\s+§(\d+(?:\.\d+)*)\b/gm;

/** The product citations in a text, with their line numbers; outside standards are skipped. */
export function citationsIn(text: string): Citation[] {
  const out: Citation[] = [];
  for (const match of text.matchAll(CITATION)) {
    const before = text.slice(Math.max(0, match.index - 16), match.index);
    if (EXTERNAL.test(before)) continue;
    const line = text.slice(0, match.index).split('\n').length;
    const citation: Citation = { section: match[1]!, line };
    if (MISSING_DOCUMENT.test(before)) citation.elsewhere = 'a design document the repository does not hold';
    out.push(citation);
  }
  return out;
}

/** The section numbers a Markdown page defines with headings such as `## §1.2 AI Headshots`. */
export function headingsIn(markdown: string): string[] {
  return [...markdown.matchAll(HEADING)].map((m) => m[1]!);
}

const SKIPPED_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'data',
  '.tmp',
  '.cache',
  'coverage',
  'test-results',
  'playwright-report',
]);
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.js',
  '.mjs',
  '.cjs',
  '.json',
  '.md',
  '.css',
  '.html',
  '.yml',
  '.yaml',
  '.sql',
]);

/** Every text file of the repository below `root` (paths relative to it), build output excluded. */
function sourceFiles(root: string, dir = root): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...sourceFiles(root, path));
    } else if (TEXT_EXTENSIONS.has(extname(entry.name))) {
      out.push(relative(root, path));
    }
  }
  return out;
}

/** Each citation under `root` that the pages of `productDir` do not answer, as `file:line §n (why)`. */
export function unansweredCitations(root: string, productDir: string): string[] {
  const defined = new Set(
    readdirSync(productDir)
      .filter((name) => name.endsWith('.md'))
      .flatMap((name) => headingsIn(readFileSync(join(productDir, name), 'utf8'))),
  );
  const ownCode = relative(root, productDir);
  const problems: string[] = [];
  // The checker's own files hold example citations; the pages of the folder are checked too.
  const checked = sourceFiles(root).filter((f) => !(f.startsWith(ownCode) && !f.endsWith('.md')));
  for (const file of checked) {
    for (const c of citationsIn(readFileSync(join(root, file), 'utf8'))) {
      if (c.elsewhere) problems.push(`${file}:${c.line} §${c.section} cites ${c.elsewhere}`);
      else if (!defined.has(c.section))
        problems.push(`${file}:${c.line} §${c.section} has no heading in docs/product`);
    }
  }
  return problems;
}
