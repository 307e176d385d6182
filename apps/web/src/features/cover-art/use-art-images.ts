import { useEffect, useState } from 'react';

/** Loads the art's layers as images for the canvas; null until both (or the one) have loaded. */
export function useArtImages(backgroundUrl: string, avatarUrl: string | null) {
  const [images, setImages] = useState<{
    background: HTMLImageElement;
    avatar: HTMLImageElement | null;
  } | null>(null);
  const [failed, setFailed] = useState(false);
  // Signed URLs change on every read; the layer is the same while the path is.
  const backgroundPath = backgroundUrl.split('?')[0];
  const avatarPath = avatarUrl?.split('?')[0] ?? null;
  useEffect(() => {
    let live = true;
    setImages(null);
    setFailed(false);
    const load = (src: string) =>
      new Promise<HTMLImageElement>((resolve, reject) => {
        const img = new Image();
        img.onload = () => resolve(img);
        img.onerror = () => reject(new Error('image'));
        img.src = src;
      });
    Promise.all([load(backgroundUrl), avatarUrl ? load(avatarUrl) : Promise.resolve(null)])
      .then(([background, avatar]) => live && setImages({ background, avatar }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new signature of the same file is not a new image
  }, [backgroundPath, avatarPath]);
  return { images, failed };
}
