import { describe, expect, it } from 'vitest';
import { loadScript } from './script';

const scriptsFor = (src: string) => document.head.querySelectorAll(`script[src="${src}"]`);

describe('loadScript (§8)', () => {
  it('injects the script once and resolves when it loads', async () => {
    const first = loadScript('https://cdn.example/sdk.js');
    const second = loadScript('https://cdn.example/sdk.js');
    expect(second).toBe(first);
    expect(scriptsFor('https://cdn.example/sdk.js')).toHaveLength(1);
    scriptsFor('https://cdn.example/sdk.js')[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
  });

  it("rejects with 'load error' when the script fails, and can retry", async () => {
    const attempt = loadScript('https://cdn.example/broken.js');
    scriptsFor('https://cdn.example/broken.js')[0]?.dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toThrow('load error');
    expect(scriptsFor('https://cdn.example/broken.js')).toHaveLength(0);
    void loadScript('https://cdn.example/broken.js').catch(() => undefined);
    expect(scriptsFor('https://cdn.example/broken.js')).toHaveLength(1);
  });
});
