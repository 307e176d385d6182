import { Suspense } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyWithCopy } from './lazy-with-copy';

function Page() {
  return <p>the page</p>;
}

describe('lazyWithCopy', () => {
  it('renders a preloaded component at once, without its fallback', async () => {
    const Lazy = lazyWithCopy(() => Promise.resolve({ default: Page }));
    await Lazy.preload();
    const { container } = render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(container.textContent).toBe('the page');
  });

  it('loads once, for preload and render alike', async () => {
    let loads = 0;
    const Lazy = lazyWithCopy(() => {
      loads++;
      return Promise.resolve({ default: Page });
    });
    const { findByText } = render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    await findByText('the page');
    await Lazy.preload();
    expect(loads).toBe(1);
  });
});
