import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { COVER_DOWNLOAD, Msg, type CoverDownloadFormat, type CoverTask } from '@ai-covers/contracts';
import { useAuthStore } from '../auth/auth-store';
import { NetworkError, RequestError, TimeoutError } from '../../shared/api/errors';
import { startBrowserDownload } from '../../shared/download/browser-download';
import { chargeForTask, downloadErrorKind } from '../credits/charge';
import { walletKeys } from '../credits/credits-api';
import { coverKeys, fetchCoverDownload } from './covers-api';

/**
 * The full-song download, a paid feature: opened through the paid check (an unpaid account
 * confirms spending its credit), charged one credit (§9) unless this account already paid for the
 * task, then the signed link goes to the browser. A refused charge has already opened the login or
 * credits-limit dialog, so it only ends the busy state. A task that is gone (§4 download error
 * kind 'no task', 490618) reads 'The file does not exist.'; one charge unlocks every format.
 */
export function useCoverDownload(task: CoverTask) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
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
          { confirm: true },
        );
        if (!charge.ok) {
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
      const lost = failure instanceof NetworkError || failure instanceof TimeoutError;
      const gone = failure instanceof RequestError && downloadErrorKind(failure.code) === 'no task';
      setError(lost ? Msg.downloadFailed : gone ? Msg.fileMissing : (failure as Error).message);
      // A dead session (§4 'login') opens the login dialog; the request layer already signed out.
      if (failure instanceof RequestError && downloadErrorKind(failure.code) === 'login')
        useAuthStore.getState().openLogin?.();
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, download };
}
