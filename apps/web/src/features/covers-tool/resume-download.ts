import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CoverDownloadFormat, CoverTask } from '@ai-covers/contracts';
import { useAuthStore } from '../auth';
import { useCreditsAccount } from '../credits';
import { clearPendingDownload, readPendingDownload, resumeFormat } from './pending-download';

/** The download popup, opened by itself: `auto` goes on with the download at once. */
export interface DownloadOffer {
  format: CoverDownloadFormat;
  auto: boolean;
  /** New for each offer, so the popup starts afresh even when it was open. */
  key: number;
}

/**
 * Brings a held-up download back (§2 download popup, after the login or credits-limit dialog):
 * - after a sign-in the same download goes on by itself; a login dialog closed unsigned drops it;
 * - once the balance grew past what it was when credits ran short (a purchase in the pricing
 *   window, told to this one by the wallet sync), the popup is offered again;
 * - a checkout that came back to this cover (`?resume=download&format=…`) offers it too, unless
 *   the payment was cancelled.
 */
export function useResumeDownload(task: Pick<CoverTask, 'task_id'>) {
  const taskId = task.task_id;
  const token = useAuthStore((s) => s.token);
  const loginOpen = useAuthStore((s) => s.loginOpen);
  const balance = useCreditsAccount().data?.balance;
  const [params, setParams] = useSearchParams();
  const [offer, setOffer] = useState<DownloadOffer | null>(null);
  const wasLoginOpen = useRef(loginOpen);

  const show = (format: CoverDownloadFormat, auto: boolean) =>
    setOffer((old) => ({ format, auto, key: (old?.key ?? 0) + 1 }));

  useEffect(() => {
    const closedUnsigned = wasLoginOpen.current && !loginOpen;
    wasLoginOpen.current = loginOpen;
    const pending = readPendingDownload(taskId);
    if (pending?.waitingFor !== 'login') return;
    if (token) {
      clearPendingDownload();
      show(pending.format, true);
    } else if (closedUnsigned) clearPendingDownload();
  }, [taskId, token, loginOpen]);

  useEffect(() => {
    const pending = readPendingDownload(taskId);
    if (pending?.waitingFor !== 'credits' || balance === undefined) return;
    if (balance > (pending.balance ?? 0)) {
      clearPendingDownload();
      show(pending.format, false);
    }
  }, [taskId, balance]);

  const resume = resumeFormat(params);
  const status = params.get('status');
  useEffect(() => {
    if (!resume) return;
    // The offer is made once: a reload of this address does not open the popup again.
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.delete('resume');
        next.delete('format');
        return next;
      },
      { replace: true },
    );
    if (status === 'canceled') return;
    clearPendingDownload();
    show(resume, false);
  }, [resume, status, setParams]);

  return { offer, dismiss: () => setOffer(null) };
}
