import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { COVER_DOWNLOAD, Msg, type CoverTask } from '@ai-covers/contracts';
import { NetworkError, TimeoutError } from '../../shared/api/errors';
import { chargeForTask } from '../credits/charge';
import { walletKeys } from '../credits/credits-api';
import { coverKeys, fetchCoverDownload } from './covers-api';

/** Starts the browser's download of `url` through a temporary `<a download>`. */
export function startBrowserDownload(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The full-song download: charges one credit (§9) unless this account already paid for the task,
 * then fetches the signed link and hands it to the browser. A refused charge has already opened
 * the login or credits-limit dialog, so it only ends the busy state.
 */
export function useCoverDownload(task: CoverTask) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
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
          if (charge.reason === 'other' || charge.reason === 'not taskId') setError(charge.message);
          return;
        }
        // Paid now: a second click is a free re-download even before the task is read again.
        client.setQueryData<CoverTask>(coverKeys.task(task.task_id), (old) =>
          old ? { ...old, paid: true } : old,
        );
      }
      const link = await fetchCoverDownload(task.task_id);
      startBrowserDownload(link.url, link.name);
    } catch (failure) {
      const lost = failure instanceof NetworkError || failure instanceof TimeoutError;
      setError(lost ? Msg.downloadFailed : (failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, download };
}
