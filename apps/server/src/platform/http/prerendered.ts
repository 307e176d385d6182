import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  COPY_LANGUAGES,
  ENGLISH_ONLY_PRODUCTS,
  PRODUCT,
  languageOfPathSegment,
  languageTags,
  negotiateLanguage,
  type CopyLanguage,
} from '@ai-covers/contracts';
import { spliceHtml } from './html';

/** A page's first markup as the web build rendered it (apps/web/prerender-pages.ts). */
export type PrerenderedPage = { path: string; lang: CopyLanguage; html: string };

const prerenderedFile = z.object({
  pages: z.array(
    z.object({
      path: z.string(),
      lang: z.enum(COPY_LANGUAGES),
      // The build checked it for scripts and styles; the element that ends #root would end it here.
      html: z.string().refine((html) => !/<script\b/i.test(html), 'a script in prerendered markup'),
    }),
  ),
});

/** Reads `prerendered.json` of a web build; none in an older build. */
export function readPrerendered(dir: string): PrerenderedPage[] {
  const file = path.join(dir, 'prerendered.json');
  if (!fs.existsSync(file)) return [];
  return prerenderedFile.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).pages;
}

/** The cookie the app copies the stored language choice into (`ai-covers.lang`). */
const LANGUAGE_COOKIE = `${PRODUCT.storagePrefix}lang`;

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

export interface PageRequest {
  /** The address asked for, BASE_PATH included. */
  url: string;
  cookie?: string;
  acceptLanguage?: string;
}

/**
 * The language the app will show the page in (§5, as `resolvePageLanguage` reads it): the URL's
 * language segment, the `lang` query, the stored choice (the app's cookie copy of it), the
 * browser's languages (Accept-Language), else English. Null when the app first rewrites the
 * address (a segment that is no copy language or not in lower case): no page is known then.
 */
export function pageLanguage(request: PageRequest, basePath: string): CopyLanguage | null {
  const [pathPart = '/', query = ''] = request.url.split('#')[0]!.split('?');
  let pathname = pathPart;
  if (basePath && (pathname === basePath || pathname.startsWith(`${basePath}/`)))
    pathname = pathname.slice(basePath.length);
  const first = pathname.split('/').filter(Boolean)[0];
  let segment: string | null = null;
  if (first && /^[a-z]{2}$/i.test(first)) {
    if (!(COPY_LANGUAGES as readonly string[]).includes(first)) return null;
    segment = first;
  }
  if (ENGLISH_ONLY_PRODUCTS.includes(PRODUCT.kind)) return 'en';
  return negotiateLanguage([
    languageOfPathSegment(segment),
    new URLSearchParams(query).get('lang'),
    cookieValue(request.cookie, LANGUAGE_COOKIE),
    ...languageTags(request.acceptLanguage),
  ]);
}

/**
 * index.html with a page's prerendered markup in `#root` and its language on `<html>`. The app
 * replaces the markup with the same page once its route is ready (decision 240).
 */
export function withPrerendered(indexHtml: string, page: PrerenderedPage): string {
  const withLang = spliceHtml(indexHtml, /<html lang="[^"]*"/, `<html lang="${page.lang}"`);
  return spliceHtml(withLang, /<div id="root"><\/div>/, `<div id="root">${page.html}</div>`);
}
