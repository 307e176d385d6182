import { Msg } from '@ai-covers/contracts';

const loaded = new Map<string, Promise<void>>();

/** Loads a script once per URL; resolves on load, rejects with Error('load error') (§8). */
export function loadScript(src: string): Promise<void> {
  const existing = loaded.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      // Forget the failure so a later call can retry, and remove the dead tag.
      loaded.delete(src);
      script.remove();
      reject(new Error(Msg.loadError));
    };
    document.head.appendChild(script);
  });
  loaded.set(src, promise);
  return promise;
}
