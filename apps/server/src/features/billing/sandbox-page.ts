import type { OrderRow } from './billing.repo';
import { sandboxText, skuName, statusName, type SandboxLang } from './sandbox-copy';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function formatPrice(cents: number, currency: string, lang = 'en'): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

/**
 * The sandbox checkout page: plain HTML with two forms and no script (the CSP allows none inline,
 * and form-action 'self' allows posting to our own origin), in the buyer's language.
 */
export function renderSandboxPage(input: {
  order: OrderRow;
  token: string;
  basePath: string;
  lang: SandboxLang;
}): string {
  const { order, token, basePath, lang } = input;
  const t = sandboxText(lang);
  // The forms post to the API at the site root; only the way back is a page of the app (BASE_PATH).
  const action = (what: string) => `/v1/billing/sandbox/${order.id}/${what}`;
  const name = escape(skuName(lang, order.sku));
  const priceText = formatPrice(order.amountCents, order.currency, lang);
  const price = escape(priceText);
  const back = escape(`${basePath}${order.returnPath}`);
  const body =
    order.status === 'pending'
      ? `<p class="lead">${escape(t('lead'))}</p>
  <form method="post" action="${escape(action('confirm'))}"><input type="hidden" name="t" value="${escape(token)}"><button class="pay" type="submit" data-testid="sandbox-confirm">${escape(t('pay', { price: priceText }))}</button></form>
  <form method="post" action="${escape(action('decline'))}"><input type="hidden" name="t" value="${escape(token)}"><button class="decline" type="submit" data-testid="sandbox-decline">${escape(t('decline'))}</button></form>`
      : `<p class="lead" data-testid="sandbox-status">${escape(t('status', { status: statusName(lang, order.status) }))}</p><p><a href="${back}">${escape(t('back'))}</a></p>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(t('title'))} · ${name}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f2fb;color:#1d1b2c;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:16px;padding:32px;max-width:420px;width:calc(100% - 32px);box-shadow:0 8px 30px rgba(40,20,90,.12)}
h1{font-size:20px;margin:8px 0 4px}.badge{display:inline-block;background:#ffe9a8;color:#6b4e00;border-radius:999px;padding:2px 10px;font-size:12px}
.price{font-size:32px;font-weight:700;margin:16px 0}.lead{color:#555}form{margin:12px 0}
button{width:100%;padding:12px;border-radius:10px;border:0;font-size:16px;cursor:pointer}
.pay{background:#6c3cf0;color:#fff}.decline{background:#eee;color:#333}
</style></head>
<body><main>
  <span class="badge">${escape(t('badge'))}</span>
  <h1>${name}</h1>
  <div class="price">${price}</div>
  <p>${escape(t('order', { id: order.id }))}</p>
  ${body}
</main></body></html>`;
}
