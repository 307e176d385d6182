import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { URL_LANGUAGE_CODES, type CopyLanguage } from '@ai-covers/contracts';
import { activateLanguage, i18n } from '../../shared/i18n/i18n';
import { resolvePageLanguage } from './language-preference';
import { splitLanguageSegment, withLanguageSegment } from './resolve-language';

/** Where a URL language segment must be rewritten to: unknown → root, br → pt, zh → en. */
function segmentRedirect(segment: string | undefined, pathname: string, search: string): string | null {
  if (segment === undefined) return null;
  const lower = segment.toLowerCase();
  // '/foo' matched the optional language slot, but 'foo' is no language: an unmatched path (§2).
  if (!URL_LANGUAGE_CODES.includes(lower)) return '/';
  if (lower === 'br' || lower === 'zh' || lower !== segment) {
    const target: CopyLanguage = lower === 'br' ? 'pt' : lower === 'zh' ? 'en' : (lower as CopyLanguage);
    const { rest } = splitLanguageSegment(pathname);
    return (target === 'en' ? `/en${rest === '/' ? '' : rest}` : withLanguageSegment(rest, target)) + search;
  }
  return null;
}

/**
 * Resolves the page language (§5), loads its copy and renders the routes once the copy is in,
 * so a German page never flashes English.
 */
export function LanguageGate() {
  const { lang: segment } = useParams();
  const location = useLocation();
  const redirect = segmentRedirect(segment, location.pathname, location.search);
  const lang = resolvePageLanguage(segment, location.search);
  const [active, setActive] = useState<string | null>(() =>
    i18n.language === lang && i18n.hasResourceBundle(lang, 'translation') ? lang : null,
  );

  useEffect(() => {
    if (redirect) return;
    let cancelled = false;
    void activateLanguage(lang).then(() => {
      if (!cancelled) setActive(lang);
    });
    return () => {
      cancelled = true;
    };
  }, [lang, redirect]);

  if (redirect) return <Navigate to={redirect} replace />;
  if (active === null) return null;
  return <Outlet />;
}
