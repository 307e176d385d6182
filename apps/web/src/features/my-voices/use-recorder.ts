import { useCallback, useEffect, useRef, useState } from 'react';
import { MY_VOICE_LIMITS } from '@ai-covers/contracts';

export type RecorderState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; seconds: number }
  | { status: 'stopped'; blob: Blob; seconds: number }
  | { status: 'error'; reason: 'denied' | 'unsupported' };

/**
 * Records the microphone with MediaRecorder, up to the longest recording training takes (it stops
 * by itself there). The elapsed time is shown so the person knows when 30 s are reached.
 */
export function useRecorder(maxSeconds: number = MY_VOICE_LIMITS.maxSeconds) {
  const [state, setState] = useState<RecorderState>({ status: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const release = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const stop = useCallback(() => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setState({ status: 'error', reason: 'unsupported' });
      return;
    }
    setState({ status: 'starting' });
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        // Training wants the voice as it is: no noise gate or gain riding on it.
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      });
    } catch {
      setState({ status: 'error', reason: 'denied' });
      return;
    }
    const chunks: Blob[] = [];
    const media = new MediaRecorder(stream.current);
    recorder.current = media;
    const startedAt = Date.now();
    const elapsed = () => (Date.now() - startedAt) / 1000;
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      const seconds = elapsed();
      release();
      setState({ status: 'stopped', blob: new Blob(chunks, { type: media.mimeType }), seconds });
    };
    media.start(1000);
    setState({ status: 'recording', seconds: 0 });
    timer.current = setInterval(() => {
      const seconds = elapsed();
      if (seconds >= maxSeconds) stop();
      else setState({ status: 'recording', seconds });
    }, 250);
  }, [maxSeconds, release, stop]);

  const reset = useCallback(() => {
    stop();
    release();
    setState({ status: 'idle' });
  }, [release, stop]);

  // Leaving the dialog stops the microphone.
  useEffect(
    () => () => {
      if (recorder.current && recorder.current.state !== 'inactive') {
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      release();
    },
    [release],
  );

  return { state, start, stop, reset };
}
