import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MY_VOICE_LIMITS, MyVoiceMsg, TaskStatus } from '@ai-covers/contracts';
import { EngineError, type EngineErrorCode, type VoiceProfile } from '@ai-covers/engine';
import type { FilesService } from '../storage/files/files.service';
import type { UserVoicesRepo } from './voices.user.repo';
import type { VoiceTrainer } from './voices.trainer';

export interface TrainingDeps {
  repo: UserVoicesRepo;
  files: Pick<FilesService, 'localFile' | 'storeOutput' | 'deleteOwnedFiles'>;
  train: VoiceTrainer;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Aborted when the process shuts down: a run in progress hands its voice back to the queue. */
  shutdown?: AbortSignal;
  /** Stop a run after this long (default MY_VOICE_LIMITS.timeoutSeconds). */
  timeoutMs?: number;
  /** At most one progress write per interval (default 1 s). */
  progressIntervalMs?: number;
}

export type TrainingOutcome = 'skipped' | 'done' | 'failed' | 'timeout' | 'discarded' | 'released';

/** Failures that are the recording's fault: a retry of the same recording cannot help. */
const RECORDING_FAULTS: Partial<Record<EngineErrorCode, string>> = {
  NOT_AUDIO: MyVoiceMsg.notAudio,
  CORRUPT: MyVoiceMsg.unreadable,
  EMPTY: MyVoiceMsg.silent,
  SILENT: MyVoiceMsg.silent,
  TOO_LONG: MyVoiceMsg.tooLong,
  INPUT_NOT_FOUND: MyVoiceMsg.unreadable,
  NOT_A_VOICE: MyVoiceMsg.notAVoice,
  SEVERAL_VOICES: MyVoiceMsg.severalVoices,
};

/** How often a live run touches its row; the sweep's staleness limit is several of these. */
export const HEARTBEAT_MS = 20_000;

const NOTES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
const noteName = (midi: number) => {
  const m = Math.round(midi);
  return `${NOTES[((m % 12) + 12) % 12]}${Math.floor(m / 12) - 1}`;
};
/** A profile's sung range, e.g. 'A2–E4'. */
export const rangeOf = (p: VoiceProfile) => `${noteName(p.pitch.lowMidi)}–${noteName(p.pitch.highMidi)}`;

/**
 * One run of the `voices.train` job: claim the voice, run the engine's training on the recording,
 * keep the profile as an internal file of the owner, record the outcome. Never throws for the
 * recording's fault; what failed for another reason may be retried by the person.
 */
export async function trainUserVoiceTask(
  deps: TrainingDeps,
  voiceId: string,
  jobId: string,
): Promise<TrainingOutcome> {
  const voice = await deps.repo.claim(voiceId, jobId);
  if (!voice) return 'skipped';
  const owner = { userId: voice.userId, visitorId: null };
  const stop = new AbortController();
  const timer = setTimeout(
    () => stop.abort('timeout'),
    deps.timeoutMs ?? MY_VOICE_LIMITS.timeoutSeconds * 1000,
  );
  const onShutdown = () => stop.abort('shutdown');
  if (deps.shutdown?.aborted) onShutdown();
  else deps.shutdown?.addEventListener('abort', onShutdown, { once: true });
  const interval = deps.progressIntervalMs ?? 1000;
  let lastWrite = 0;
  let written = 0;
  let inflight: Promise<unknown> | null = null;
  const report = (p: number) => {
    const value = Math.min(p, 0.99);
    if (value <= written || inflight || Date.now() - lastWrite < interval) return;
    written = value;
    lastWrite = Date.now();
    inflight = deps.repo
      .reportProgress(voiceId, jobId, value)
      .then((ours) => ours || stop.abort('gone'))
      .catch(() => undefined)
      .finally(() => (inflight = null));
  };
  // The row is touched while the run lives, even when the engine reports nothing for a while:
  // the sweep takes a row untouched for minutes as a dead worker's.
  const heartbeat = setInterval(() => {
    if (!inflight) void deps.repo.reportProgress(voiceId, jobId, written).catch(() => undefined);
  }, HEARTBEAT_MS);
  const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'voice-train-'));
  try {
    if (voice.sampleFileId === null) {
      await deps.repo.fail(voiceId, jobId, TaskStatus.failed, MyVoiceMsg.unreadable, false);
      return 'failed';
    }
    const recording = await deps.files.localFile({ storageKey: voice.sampleKey }, tmp);
    const out = path.join(tmp, 'profile.json');
    const profile = await deps.train({
      recording,
      out,
      id: voice.id,
      name: voice.name,
      signal: stop.signal,
      onProgress: report,
    });
    await inflight;
    const stored = await deps.files.storeOutput(owner, {
      body: Readable.from([JSON.stringify(profile)]),
      fileName: `${voice.name}.voice.json`,
      kind: 'ai-covers',
      action: 'voice-profile',
    });
    const kept = await deps.repo.finish(voiceId, jobId, {
      profileFileId: stored.id,
      profileKey: stored.storage_key,
      range: rangeOf(profile),
    });
    if (kept) return 'done';
    // Deleted while the profile was stored: it belongs to nothing.
    await deps.files.deleteOwnedFiles(owner, [stored.id]);
    return 'discarded';
  } catch (error) {
    await inflight;
    const reason: unknown = stop.signal.reason;
    if (reason === 'gone') return 'discarded';
    if (reason === 'shutdown') {
      await deps.repo.release(voiceId, jobId);
      return 'released';
    }
    if (reason === 'timeout') {
      await deps.repo.fail(voiceId, jobId, TaskStatus.timeout, MyVoiceMsg.timedOut, true);
      return 'timeout';
    }
    const code = error instanceof EngineError ? error.code : undefined;
    const fault = code ? RECORDING_FAULTS[code] : undefined;
    if (fault) {
      await deps.repo.fail(voiceId, jobId, TaskStatus.failed, fault, false);
    } else if (code === 'TOO_SHORT') {
      // The length was checked when the voice was made: a short run here means too little voice.
      const tooShort = (voice.sampleSeconds ?? MY_VOICE_LIMITS.minSeconds) < MY_VOICE_LIMITS.minSeconds;
      await deps.repo.fail(
        voiceId,
        jobId,
        TaskStatus.failed,
        tooShort ? MyVoiceMsg.tooShort : MyVoiceMsg.tooLittleVoice,
        false,
      );
    } else {
      deps.log.error({ err: error, voiceId }, 'voice training failed');
      await deps.repo.fail(voiceId, jobId, TaskStatus.failed, MyVoiceMsg.failed, true);
    }
    return 'failed';
  } finally {
    clearTimeout(timer);
    clearInterval(heartbeat);
    deps.shutdown?.removeEventListener('abort', onShutdown);
    await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}
