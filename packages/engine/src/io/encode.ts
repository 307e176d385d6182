import { spawn, type ChildProcess } from 'node:child_process';
import { EngineError } from '../errors';
import { encodeArgs, type EncodeFormat } from './ffmpeg-args';
import { WavWriter } from './wav';
import { mediaToolPath } from './binaries';
import { lowerPriority } from '../pipeline/priority';

/** A sink for planar float audio that ends up as an encoded file. */
export interface AudioSink {
  write(planar: Float32Array[], length?: number): Promise<void>;
  finish(): Promise<void>;
  /** Stops without finishing (the caller deletes the temp file). */
  abort(): void;
}

/** Opens a sink writing `format` to `path`: WAV in-process, MP3 through an ffmpeg child process. */
export function openSink(
  path: string,
  sampleRate: number,
  channels: number,
  format: EncodeFormat,
): AudioSink {
  if (format.kind === 'wav') {
    const w = new WavWriter(path, sampleRate, channels);
    let closed = false;
    return {
      write: async (p, n) => w.write(p, n),
      finish: async () => {
        closed = true;
        w.close();
      },
      abort: () => {
        if (!closed) w.close();
        closed = true;
      },
    };
  }
  return new FfmpegSink(path, sampleRate, channels, format);
}

class FfmpegSink implements AudioSink {
  private child: ChildProcess;
  private stderr = '';
  private done: Promise<number>;
  private failed: Error | undefined;

  constructor(
    private readonly path: string,
    sampleRate: number,
    private readonly channels: number,
    format: EncodeFormat,
  ) {
    this.child = spawn(mediaToolPath('ffmpeg'), encodeArgs(sampleRate, channels, format, path), {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    if (this.child.pid !== undefined) lowerPriority(this.child.pid);
    this.child.stderr?.on('data', (d: Buffer) => (this.stderr += d.toString('utf8')));
    this.child.stdin?.on('error', (e) => (this.failed = e));
    this.done = new Promise((resolve) => {
      this.child.on('error', (e: NodeJS.ErrnoException) => {
        this.failed =
          e.code === 'ENOENT'
            ? new EngineError(
                'FFMPEG_MISSING',
                'ffmpeg was not found (neither on PATH nor as a bundled npm package).',
              )
            : e;
        resolve(-1);
      });
      this.child.on('close', (code) => resolve(code ?? -1));
    });
  }

  async write(planar: Float32Array[], length = planar[0]?.length ?? 0): Promise<void> {
    if (this.failed) throw this.wrap();
    const ch = this.channels;
    const inter = new Float32Array(length * ch);
    for (let c = 0; c < ch; c++) {
      const src = planar[Math.min(c, planar.length - 1)]!;
      for (let i = 0; i < length; i++) inter[i * ch + c] = src[i]!;
    }
    const stdin = this.child.stdin!;
    if (!stdin.write(Buffer.from(inter.buffer))) {
      await new Promise<void>((r) => stdin.once('drain', () => r()));
    }
  }

  async finish(): Promise<void> {
    this.child.stdin?.end();
    const code = await this.done;
    if (code !== 0 || this.failed) throw this.wrap();
  }

  abort(): void {
    this.child.kill('SIGKILL');
  }

  private wrap(): EngineError {
    if (this.failed instanceof EngineError) return this.failed;
    return new EngineError(
      'OUTPUT_FAILED',
      `Encoding ${this.path} failed: ${this.stderr.trim().slice(0, 300)}`,
    );
  }
}
