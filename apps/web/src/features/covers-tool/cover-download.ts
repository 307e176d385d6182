import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import {
  COVER_DOWNLOAD,
  Msg,
  type CoverDownloadFormat,
  type CoverTask,
  type CreditsAccountData,
} from '@ai-covers/contracts';
import { useAuthStore } from '../auth';
import { downloadErrorKind, failureCode, isConnectionLost } from '../../shared/api/failures';
import { startBrowserDownload } from '../../shared/download/browser-download';
import { chargeForTask, type ChargeFailure, walletKeys, useWalletDialogs } from '../credits';
import { resumeQuery, savePendingDownload } from './pending-download';
import { coverKeys, fetchCoverDownload } from './covers-api';

/**
 * The full-song download, a paid feature: charged one credit (§9) unless this account already paid
 * for the task, then the signed link goes to the browser. The popup's "Unlock for 1 credit and
 * download" is the one confirmation of the payment: no second "Use 1 credit" dialog follows it. A refused charge has already opened the login or
 * credits-limit dialog, so it only ends the busy state. A task that is gone (§4 download error
 * kind 'no task', 490618) reads 'The file does not exist.'; one charge unlocks every format. A
 * download held up by the sign-in or by credits is remembered (see pending-download.ts).
 */
export function useCoverDownload(task: CoverTask) {
  const client = useQueryClient();
  const location = useLocation();
  const [busy, setBusy] = useState(false);

  /**
   * The login or credits-limit dialog opened instead of the download: remember it, so that it
   * goes on after the sign-in (or is offered again once credits were bought), and tell the limit
   * dialog to bring a purchase back to this cover with the download to resume.
   */
  const remember = (format: CoverDownloadFormat, reason: ChargeFailure) => {
    if (reason === 'not login') savePendingDownload({ taskId: task.task_id, format, waitingFor: 'login' });
    if (reason !== 'not credit' && reason !== 'not available') return;
    const balance = client.getQueryData<CreditsAccountData>(walletKeys.account())?.balance ?? 0;
    savePendingDownload({ taskId: task.task_id, format, waitingFor: 'credits', balance });
    useWalletDialogs.getState().setLimitReturnPath(`${location.pathname}?${resumeQuery(format)}`);
  };
  const [error, setError] = useState<string | null>(null);

  const download = async (format: CoverDownloadFormat = 'mp3'): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      if (!task.paid) {
        const charge = await chargeForTask(
          {
            kind: COVER_DOWNLOAD.kind,
            taskId: task.task_id,
            purpose: COVER_DOWNLOAD.purpose,
            need: task.download_cost,
          },
          () => void client.invalidateQueries({ queryKey: walletKeys.all }),
        );
        if (!charge.ok) {
          remember(format, charge.reason);
          if (charge.code !== undefined && downloadErrorKind(charge.code) === 'no task')
            setError(Msg.fileMissing);
          else if (charge.reason === 'other' || charge.reason === 'not taskId') setError(charge.message);
          return false;
        }
        // Paid now: a second click is a free re-download even before the task is read again.
        client.setQueryData<CoverTask>(coverKeys.task(task.task_id), (old) =>
          old ? { ...old, paid: true } : old,
        );
      }
      const link = await fetchCoverDownload(task.task_id, format);
      startBrowserDownload(link.url, link.name);
      return true;
    } catch (failure) {
      const kind = downloadErrorKind(failureCode(failure));
      const lost = isConnectionLost(failure);
      setError(lost ? Msg.downloadFailed : kind === 'no task' ? Msg.fileMissing : (failure as Error).message);
      // A dead session (§4 'login') opens the login dialog; the request layer already signed out.
      if (kind === 'login') {
        savePendingDownload({ taskId: task.task_id, format, waitingFor: 'login' });
        useAuthStore.getState().openLogin?.();
      }
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, download };
}
