/** Chromium's install event (not in the DOM typings): `prompt()` shows the browser's own dialog. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * Keeps the browser's install offer for the studio entry page's app prompt (dlp_app). Called at
 * start: the browser fires `beforeinstallprompt` once, often before the entry page has loaded.
 */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    notify();
  });
}

/** What the browser offers now: its install dialog, nothing (use the menu), or done. */
export function installState(): 'available' | 'unavailable' | 'installed' {
  if (installed) return 'installed';
  return deferred ? 'available' : 'unavailable';
}

/** Shows the browser's install dialog; resolves with the visitor's answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  // An offer can be shown once; a dismissed one comes back as a new event.
  deferred = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome;
}

/** Subscribes to changes of `installState` (for useSyncExternalStore). */
export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
