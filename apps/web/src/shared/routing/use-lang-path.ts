import { useCallback } from 'react';
import { useParams } from 'react-router';

/** Returns a function that keeps the current URL language segment on an in-app path. */
export function useLangPath(): (to: string) => string {
  const { lang } = useParams();
  return useCallback((to: string) => (lang ? (to === '/' ? `/${lang}` : `/${lang}${to}`) : to), [lang]);
}
