import { afterEach, describe, expect, it } from 'vitest';
import { loadScript } from './load-script';

const scripts = (src: string) =>
  [...document.head.querySelectorAll('script')].filter((s) => s.getAttribute('src') === src);

afterEach(() => {
  for (const s of document.head.querySelectorAll('script')) s.remove();
});

describe("loadScript (§7 SDKs loaded as scripts, §8 'load error')", () => {
  it('adds one async script per URL and resolves when it has loaded', async () => {
    const first = loadScript('https://sdk.example/channel.js');
    const second = loadScript('https://sdk.example/channel.js');
    expect(second).toBe(first);
    const [el] = scripts('https://sdk.example/channel.js');
    expect(scripts('https://sdk.example/channel.js')).toHaveLength(1);
    expect(el!.async).toBe(true);
    el!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
  });

  it("rejects with 'load error' when the script fails, and a later call tries again", async () => {
    const attempt = loadScript('https://sdk.example/analytics.js');
    scripts('https://sdk.example/analytics.js')[0]!.dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toThrow(new Error('load error'));
    expect(scripts('https://sdk.example/analytics.js')).toHaveLength(0);
    const retry = loadScript('https://sdk.example/analytics.js');
    expect(retry).not.toBe(attempt);
    expect(scripts('https://sdk.example/analytics.js')).toHaveLength(1);
    scripts('https://sdk.example/analytics.js')[0]!.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBeUndefined();
  });
});
