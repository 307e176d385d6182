import { describe, expect, it } from 'vitest';
import { oldBuildWarnings } from './old-build';

describe('the start-up line about the npm fallback build', () => {
  it('names the old build, its version and the way out; says nothing for system tools', () => {
    const lines = oldBuildWarnings(
      [
        { tool: 'ffmpeg', path: '/app/node_modules/@ffmpeg-installer/linux-x64/ffmpeg', source: 'npm' },
        { tool: 'ffprobe', path: '/usr/bin/ffprobe', source: 'system' },
      ],
      () => 'ffmpeg version N-47683-g0e8eb07980-static',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('ffmpeg: the fallback build from npm is in use');
    expect(lines[0]).toContain('ffmpeg version N-47683-g0e8eb07980-static');
    expect(lines[0]).toContain('security fixes');
    expect(lines[0]).toContain('FFMPEG_PATH');
    expect(oldBuildWarnings([{ tool: 'ffmpeg', path: '/usr/bin/ffmpeg', source: 'system' }])).toEqual([]);
  });
});
