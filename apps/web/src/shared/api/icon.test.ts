import { describe, expect, it } from 'vitest';
import { fetchSvgIcon } from './icon';

const svg = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';

describe('fetchSvgIcon (§7)', () => {
  it('returns the svg text on 200', async () => {
    const fake = (async () => new Response(svg, { status: 200 })) as typeof fetch;
    await expect(fetchSvgIcon('/icons/a.svg', fake)).resolves.toBe(svg);
  });

  it.each([404, 500, 204])('returns empty text on status %s', async (status) => {
    const fake = (async () => new Response(status === 204 ? null : 'nope', { status })) as typeof fetch;
    await expect(fetchSvgIcon('/icons/a.svg', fake)).resolves.toBe('');
  });

  it('returns empty text when the network fails', async () => {
    const fake = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(fetchSvgIcon('/icons/a.svg', fake)).resolves.toBe('');
  });
});
