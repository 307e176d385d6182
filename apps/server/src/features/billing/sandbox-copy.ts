import {
  languageOfPathSegment,
  languageTags,
  negotiateLanguage,
  type CopyLanguage,
} from '@ai-covers/contracts';
import { copyOf, sectionOf, type Translate } from '../../locales/copy';

/** Languages of the sandbox checkout page: every copy language (§9). */
export type SandboxLang = CopyLanguage;

/** The sandbox checkout page's copy (`sandbox` in `src/locales/<lang>.json`). */
export function sandboxText(lang: SandboxLang): Translate<'sandbox'> {
  return copyOf('sandbox', lang);
}

/**
 * The page language: the language segment of the order's return path (the page the buyer came
 * from), else the Accept-Language tags, by the §5 rule (first supported wins; pt-BR → pt).
 */
export function sandboxLang(returnPath: string, acceptLanguage: string | undefined): SandboxLang {
  const segment = returnPath.split(/[/?]/)[1];
  return negotiateLanguage([languageOfPathSegment(segment), ...languageTags(acceptLanguage)]);
}

/** The name of what an order buys, or its sku when the copy has none. */
export function skuName(lang: SandboxLang, sku: string): string {
  return (sectionOf('sandbox', lang).skus as Record<string, string>)[sku] ?? sku;
}

/** An order's status in words, or its code when the copy has none. */
export function statusName(lang: SandboxLang, status: string): string {
  return (sectionOf('sandbox', lang).statuses as Record<string, string>)[status] ?? status;
}
