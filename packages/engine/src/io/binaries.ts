import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

/** The two media tools the engine and the server run. */
export type MediaTool = 'ffmpeg' | 'ffprobe';

/** Where a tool was found: an explicit setting, the system PATH, or the npm package shipping it. */
export interface ResolvedTool {
  tool: MediaTool;
  path: string;
  source: 'setting' | 'system' | 'npm' | 'missing';
}

const SETTING: Record<MediaTool, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };
const PACKAGE_SCOPE: Record<MediaTool, string> = {
  ffmpeg: '@ffmpeg-installer',
  ffprobe: '@ffprobe-installer',
};

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** First executable `name` on a PATH-style list, as a shell would find it. */
export function findOnPath(name: string, searchPath: string | undefined): string | null {
  const exts = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, name + ext);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

/**
 * The binary inside the platform package (`@ffmpeg-installer/linux-x64` …). Its tarball keeps the
 * binary, but only its install script marks it executable, and npm may not run install scripts:
 * so it is made executable here, or copied to a private folder when node_modules is read-only.
 */
export function packagedBinary(
  tool: MediaTool,
  platform = `${process.platform}-${process.arch}`,
): string | null {
  const require = createRequire(import.meta.url);
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${PACKAGE_SCOPE[tool]}/${platform}/package.json`));
  } catch {
    return null;
  }
  const file = path.join(dir, process.platform === 'win32' ? `${tool}.exe` : tool);
  if (!fs.existsSync(file)) return null;
  if (isExecutable(file)) return file;
  try {
    fs.chmodSync(file, 0o755);
    if (isExecutable(file)) return file;
  } catch {
    // node_modules not writable by this user: fall through to a private copy.
  }
  const copy = path.join(os.tmpdir(), `ai-covers-${tool}-${fs.statSync(file).size}`);
  if (!isExecutable(copy)) {
    fs.copyFileSync(file, `${copy}.part`);
    fs.chmodSync(`${copy}.part`, 0o755);
    fs.renameSync(`${copy}.part`, copy);
  }
  return copy;
}

/** Resolves one tool: FFMPEG_PATH / FFPROBE_PATH, else the system PATH, else the npm package. */
export function resolveMediaTool(tool: MediaTool, env: NodeJS.ProcessEnv = process.env): ResolvedTool {
  const setting = env[SETTING[tool]]?.trim();
  if (setting) return { tool, path: setting, source: 'setting' };
  const system = findOnPath(tool, env.PATH ?? env.Path);
  if (system) return { tool, path: system, source: 'system' };
  const packaged = packagedBinary(tool);
  if (packaged) return { tool, path: packaged, source: 'npm' };
  // Left to spawn, whose ENOENT becomes FFMPEG_MISSING with the tool's name.
  return { tool, path: tool, source: 'missing' };
}

const resolved = new Map<MediaTool, ResolvedTool>();

/** The tool this process runs, resolved once. */
export function mediaTool(tool: MediaTool): ResolvedTool {
  let found = resolved.get(tool);
  if (!found) {
    found = resolveMediaTool(tool);
    resolved.set(tool, found);
  }
  return found;
}

/** The path to spawn for a tool. */
export function mediaToolPath(tool: MediaTool): string {
  return mediaTool(tool).path;
}

/** One line per tool saying which binary is used, for the start-up log. */
export function describeMediaTools(): string[] {
  return (['ffmpeg', 'ffprobe'] as const).map((tool) => {
    const found = mediaTool(tool);
    switch (found.source) {
      case 'setting':
        return `${tool}: ${found.path} (from ${SETTING[tool]})`;
      case 'system':
        return `${tool}: ${found.path} (system)`;
      case 'npm':
        return `${tool}: ${found.path} (bundled npm package)`;
      default:
        return `${tool}: not found; covers cannot be made until it is installed or ${SETTING[tool]} is set`;
    }
  });
}
