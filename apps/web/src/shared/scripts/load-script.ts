import { Msg } from '@ai-covers/contracts';

const loaded = new Map<string, Promise<void>>();

/**
 * Loads a script by URL as a <script> element (§7: the channel and analytics SDKs are loaded as
 * scripts). Resolves when it has run; rejects with Error('load error') when it fails (§8), and
 * then forgets it so a later call tries again. One element per URL: callers share its promise.
 */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  const known = loaded.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loaded.delete(src);
      script.remove();
      reject(new Error(Msg.loadError));
    };
    doc.head.appendChild(script);
  });
  loaded.set(src, promise);
  return promise;
}
