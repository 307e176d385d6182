import { execFileSync } from 'node:child_process';
import { mediaTool, type MediaTool, type ResolvedTool } from '@ai-covers/engine';

/** The first line of `<tool> -version` ("ffmpeg version 4.1 …"), or null when it does not run. */
function versionLine(file: string): string | null {
  try {
    const out = execFileSync(file, ['-version'], { timeout: 5000, encoding: 'utf8', stdio: 'pipe' });
    return out.split('\n')[0]?.trim() || null;
  } catch {
    return null;
  }
}

/**
 * Start-up warnings when a media tool is the old build shipped in an npm package (used only where
 * the system has none): what it is and what that means for files users upload.
 */
export function oldBuildWarnings(
  tools: ResolvedTool[],
  versionOf: (file: string) => string | null = versionLine,
): string[] {
  return tools
    .filter((found) => found.source === 'npm')
    .map((found) => {
      const version = versionOf(found.path) ?? `${found.tool}, version unknown`;
      const setting = found.tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH';
      return (
        `${found.tool}: the fallback build from npm is in use (${version}; ${found.path}). It reads ` +
        'uploaded files confined to local files, the accepted formats and a time and memory limit ' +
        'per run, but it lacks the decoder security fixes released since it was built: install ' +
        `${found.tool} from the system's packages (apt install ffmpeg) or set ${setting}.`
      );
    });
}

/** The warnings for the tools this process runs. */
export function mediaToolWarnings(): string[] {
  return oldBuildWarnings((['ffmpeg', 'ffprobe'] as MediaTool[]).map((tool) => mediaTool(tool)));
}
