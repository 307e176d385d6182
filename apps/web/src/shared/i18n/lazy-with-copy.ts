import { lazy, type ComponentType } from 'react';
import { copyReady } from './i18n';

/**
 * React.lazy for pages and dialogs outside the first bundle: the component's chunk and the rest of
 * the page language's copy load together, so nothing renders before its words are there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithCopy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), copyReady()]).then(([module]) => module));
}
