import { useCallback, useRef, useState } from 'react';
import type { UploadedFile } from '@ai-covers/contracts';
import { isCancelled } from '../api/failures';
import { UploadError, uploadFile, type UploadOptions } from './upload-client';

export type UploadStatus = 'idle' | 'uploading' | 'success' | 'failure' | 'cancelled';

export interface UploadState {
  status: UploadStatus;
  /** 0…1 */
  progress: number;
  file: File | null;
  result: UploadedFile | null;
  error: string | null;
  /** False when the failure is the file itself: trying again cannot work. */
  canRetry: boolean;
}

const IDLE: UploadState = {
  status: 'idle',
  progress: 0,
  file: null,
  result: null,
  error: null,
  canRetry: true,
};

/** One upload at a time with progress, cancel and retry (of the last file). */
export function useUpload(
  options: Omit<UploadOptions, 'onProgress' | 'signal'> & { onDone?: (file: UploadedFile) => void } = {},
) {
  const [state, setState] = useState<UploadState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const start = useCallback(async (file: File) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'uploading', progress: 0, file, result: null, error: null, canRetry: true });
    try {
      const { onDone, ...uploadOptions } = optionsRef.current;
      const result = await uploadFile(file, {
        ...uploadOptions,
        signal: abort.signal,
        onProgress: (progress) => setState((s) => (s.file === file ? { ...s, progress } : s)),
      });
      setState({ status: 'success', progress: 1, file, result, error: null, canRetry: true });
      onDone?.(result);
    } catch (error) {
      if (abort.signal.aborted || isCancelled(error)) {
        setState((s) => ({ ...s, status: 'cancelled' }));
      } else {
        const canRetry = !(error instanceof UploadError) || error.retryable;
        setState((s) => ({ ...s, status: 'failure', error: (error as Error).message, canRetry }));
      }
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const retry = useCallback(() => {
    if (state.file) void start(state.file);
  }, [state.file, start]);
  const reset = useCallback(() => setState(IDLE), []);

  return { ...state, start, cancel, retry, reset };
}
