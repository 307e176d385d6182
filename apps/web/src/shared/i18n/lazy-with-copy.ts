import { lazy, type ComponentType } from 'react';
import { copyReady } from './i18n';

/**
 * React.lazy for pages and dialogs outside the first bundle: the component's chunk and the rest of
 * the page language's copy load together, so nothing renders before its words are there.
 * `preload()` starts the same load ahead of the first render (a prerendered page, decision 240);
 * once it is in, the component renders at once: React.lazy reads a thenable that answers at once
 * without suspending, where a settled promise would still show the fallback for a moment.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithCopy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), copyReady()]).then(([module]) => (loaded = module)));
  // React.lazy takes any thenable; its type asks for a Promise.
  const ready = (module: { default: T }) =>
    ({ then: (onLoaded: (value: { default: T }) => unknown) => onLoaded(module) }) as unknown as Promise<{
      default: T;
    }>;
  return Object.assign(
    lazy(() => (loaded ? ready(loaded) : preload())),
    { preload },
  );
}
