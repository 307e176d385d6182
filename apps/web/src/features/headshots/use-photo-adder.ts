import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PhotoDeclineCode } from '@ai-covers/contracts';
import { addHeadshotPhoto, headshotKeys } from './headshots-api';
import { checkPhotoFile, splitAtLimit } from './upload-rules';

/** A photo on its way up (checked locally, uploading, then handed to the server's check). */
export interface PendingPhoto {
  key: string;
  name: string;
  progress: number;
  replaceId: string | null;
}

/** A photo the browser refused before sending it (§5), or whose upload failed. */
export interface LocalDecline {
  key: string;
  name: string;
  /** Decline codes with their placeholder values, or the upload's failure. */
  reasons: PhotoDeclineCode[];
  data: Record<string, string | number>;
  error: unknown;
}

let nextKey = 1;

/**
 * Adds photos to the upload page: the count limit first (20, §5), then the browser's format and
 * size check, then the upload and the server's face check. `present` is how many photos the
 * server already holds for the page.
 */
export function usePhotoAdder(present: number, max: number) {
  const client = useQueryClient();
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [declines, setDeclines] = useState<LocalDecline[]>([]);
  const [overLimit, setOverLimit] = useState(false);
  const pendingCount = useRef(0);

  const upload = useCallback(
    async (file: File, replaceId: string | null) => {
      const key = `p${nextKey++}`;
      const verdict = await checkPhotoFile(file);
      if (!verdict.approved) {
        setDeclines((list) => [
          ...list,
          { key, name: file.name, reasons: verdict.reasons, data: verdict.data, error: null },
        ]);
        return;
      }
      pendingCount.current += replaceId ? 0 : 1;
      setPending((list) => [...list, { key, name: file.name, progress: 0, replaceId }]);
      try {
        await addHeadshotPhoto(file, replaceId ?? undefined, (progress) =>
          setPending((list) => list.map((p) => (p.key === key ? { ...p, progress } : p))),
        );
        await client.invalidateQueries({ queryKey: headshotKeys.photos() });
      } catch (error) {
        setDeclines((list) => [...list, { key, name: file.name, reasons: [], data: {}, error }]);
      } finally {
        pendingCount.current -= replaceId ? 0 : 1;
        setPending((list) => list.filter((p) => p.key !== key));
      }
    },
    [client],
  );

  /** Adds new photos; those past the limit are refused with the §8 message. */
  const addPhotos = useCallback(
    (files: readonly File[]) => {
      const { accepted, refused } = splitAtLimit(present + pendingCount.current, files, max);
      setOverLimit(refused.length > 0);
      return Promise.all(accepted.map((file) => upload(file, null)));
    },
    [present, max, upload],
  );

  /** Puts a new photo in the place of a declined one (same count, so always within the limit). */
  const replacePhoto = useCallback(
    (file: File, replaceId: string) => {
      setOverLimit(false);
      return upload(file, replaceId);
    },
    [upload],
  );

  const dismissDecline = useCallback(
    (key: string) => setDeclines((list) => list.filter((d) => d.key !== key)),
    [],
  );

  return { pending, declines, overLimit, addPhotos, replacePhoto, dismissDecline };
}
