/** A price in the reader's language: cents of a currency as the browser writes money ('€9.99'). */
export function formatPrice(cents: number, currency: string, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}
