import { toEngineError } from '../errors';
import { AtomicOutputs, ScratchDir } from '../io/temp';
import { createRunner, type BlockRunner } from './pool';

/** What one engine call holds while it runs: scratch files, outputs written atomically, block workers. */
export interface RunContext {
  scratch: ScratchDir;
  atomic: AtomicOutputs;
  runner: BlockRunner;
}

/**
 * Runs `fn` with a fresh context. On failure the partial outputs are removed and the error becomes
 * an EngineError; scratch files and workers are always released.
 */
export async function withRun<T>(
  threads: number | undefined,
  fn: (ctx: RunContext) => Promise<T>,
  scratchParent?: string,
): Promise<T> {
  const scratch = new ScratchDir(scratchParent);
  const atomic = new AtomicOutputs();
  let runner: BlockRunner | undefined;
  try {
    runner = await createRunner(threads);
    return await fn({ scratch, atomic, runner });
  } catch (e) {
    atomic.abort();
    throw toEngineError(e);
  } finally {
    await runner?.close();
    scratch.dispose();
  }
}
