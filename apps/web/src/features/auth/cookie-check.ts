/** How long the account service's cookie-check frame may take to answer. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * Loads the account service's cookie-check frame (§7) hidden and resolves with what it reports:
 * whether a cookie set inside a frame sticks. No answer in time counts as unsupported.
 */
export function checkThirdPartyCookies(url: string, timeoutMs = CHECK_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    const origin = new URL(url, location.href).origin;
    const finish = (supported: boolean) => {
      window.removeEventListener('message', handleMessage);
      clearTimeout(timer);
      frame.remove();
      resolve(supported);
    };
    const handleMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; supported?: unknown } | null;
      if (event.origin === origin && data?.type === 'ai-covers:cookie-check') finish(data.supported === true);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    window.addEventListener('message', handleMessage);
    frame.hidden = true;
    frame.title = 'cookie check';
    frame.src = url;
    document.body.appendChild(frame);
  });
}
