import { useEffect, useRef, useState } from 'react';
import { ProgressController, type ProgressStatus } from './progress-schedule';

/**
 * Drives a ProgressController from a status prop. Returns the shown fraction (0–1) and whether
 * the bar is still visible (false 600 ms after done).
 */
export function useProgress(
  status: ProgressStatus,
  real: number | undefined,
  onDone?: () => void,
  reportedOnly = false,
) {
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);
  const [state, setState] = useState({ fraction: 0, visible: true });
  const [controller] = useState(
    () =>
      new ProgressController(() => {
        setState((s) => ({ ...s, visible: false }));
        onDoneRef.current?.();
      }, reportedOnly),
  );

  useEffect(() => {
    const unsubscribe = controller.subscribe((_status, fraction) => setState({ fraction, visible: true }));
    return () => {
      unsubscribe();
    };
  }, [controller]);
  useEffect(() => () => controller.dispose(), [controller]);

  useEffect(() => {
    if (status === 'start') controller.start();
    else if (status === 'done') controller.done();
    else controller.reset();
  }, [status, controller]);

  useEffect(() => {
    if (real !== undefined) controller.report(real);
  }, [real, controller]);

  return state;
}
