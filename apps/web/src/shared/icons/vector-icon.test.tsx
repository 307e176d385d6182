import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Providers, createQueryClient } from '../providers';
import { fetchVectorIcon, svgDataUrl } from './vector-icon';
import { VectorIcon } from './VectorIcon';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><circle r="1"/></svg>';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('fetchVectorIcon (§7 vector-icon fetch, §8 failure gives an empty string)', () => {
  it.each([
    ['a 200 svg', () => new Response(SVG, { status: 200 }), SVG],
    ['a 404', () => new Response(SVG, { status: 404 }), ''],
    ['a 500', () => new Response('<svg/>', { status: 500 }), ''],
    ['a 204', () => new Response(null, { status: 204 }), ''],
    ['a 200 that is not an svg', () => new Response('<html>login</html>', { status: 200 }), ''],
  ])('%s gives its text or nothing', async (_, answer, text) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer()),
    );
    expect(await fetchVectorIcon('/v1/voices/v1/avatar.svg')).toBe(text);
    expect(vi.mocked(fetch)).toHaveBeenCalledWith('/v1/voices/v1/avatar.svg', undefined);
  });

  it('a network failure gives an empty string, not an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(fetchVectorIcon('/icon.svg')).resolves.toBe('');
  });
});

describe('<VectorIcon>', () => {
  const show = () =>
    render(
      <Providers client={createQueryClient()}>
        <VectorIcon url="/icon.svg" fallback={<span>V</span>} />
      </Providers>,
    );

  it('shows the fetched svg as an image', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(SVG, { status: 200 })),
    );
    const { container } = show();
    await vi.waitFor(() => expect(container.querySelector('img')?.getAttribute('src')).toBe(svgDataUrl(SVG)));
    expect(screen.queryByText('V')).toBeNull();
  });

  it('keeps the fallback when the icon is missing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 404 })),
    );
    const { container } = show();
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.getByText('V')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });
});
