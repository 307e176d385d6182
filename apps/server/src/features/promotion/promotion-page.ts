import { ACTIVITIES } from './activities';
import { languageTags, negotiateLanguage, type CopyLanguage } from '@ai-covers/contracts';
import { copyOf } from '../../locales/copy';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page language: ?lang=, else the Accept-Language tags, by the §5 rule (first supported wins). */
export function promotionLang(query: string | undefined, acceptLanguage: string | undefined): CopyLanguage {
  return negotiateLanguage([query, ...languageTags(acceptLanguage)]);
}

const LOGIN_PRESENT = ACTIVITIES.find((a) => a.id === 'login-present')!;

/**
 * `/promotion.html` (§2): a plain page; its script (served from our origin, as the CSP requires)
 * loads the user info and then runs the extra login-present check: CSRF token, then exchange.
 */
export function renderPromotionPage(lang: CopyLanguage, basePath: string): string {
  const t = copyOf('promotion', lang);
  const data = (k: Parameters<typeof t>[0]) => escape(t(k, { n: LOGIN_PRESENT.credits }));
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${data('title')} · AI Covers</title>
<style>
body{font-family:system-ui,sans-serif;background:#15131f;color:#f5f4ff;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:460px;width:calc(100% - 32px);text-align:center}
h1{font-size:28px}p{color:#b9b6cf}.gift{display:block;margin:0 auto}
a.button{display:inline-block;margin-top:16px;padding:12px 24px;border-radius:999px;background:#5b3df5;color:#fff;text-decoration:none;font-weight:600}
#status{color:#f5f4ff;font-weight:600;min-height:1.5em}
</style></head>
<body><main id="promotion" data-activity="${escape(LOGIN_PRESENT.id)}" data-plugin="${escape(LOGIN_PRESENT.pluginId)}"
 data-checking="${data('checking')}" data-granted="${data('granted')}" data-claimed="${data('claimed')}" data-failed="${data('failed')}" data-sign-in="${data('signIn')}">
  <svg class="gift" aria-hidden="true" viewBox="0 0 64 64" width="64" height="64"><rect x="8" y="26" width="48" height="32" rx="4" fill="#5b3df5"/><rect x="4" y="18" width="56" height="12" rx="3" fill="#8b5cf6"/><rect x="29" y="18" width="6" height="40" fill="#ffd166"/><path d="M32 18c-6-10-18-10-16-2 1 4 10 3 16 2zm0 0c6-10 18-10 16-2-1 4-10 3-16 2z" fill="#ffd166"/></svg>
  <h1>${data('title')}</h1>
  <p>${data('lead')}</p>
  <p id="status" role="status" data-testid="promotion-status"></p>
  <a class="button" id="open-app" href="${escape(basePath)}/${lang === 'en' ? '' : lang}">${data('back')}</a>
</main>
<script src="/api/v3/market/promotion.js"></script>
</body></html>`;
}

/** The page's script: no framework, same-origin calls with the stored bearer token. */
export const PROMOTION_SCRIPT = `(() => {
  const root = document.getElementById('promotion');
  const status = document.getElementById('status');
  const say = (key) => { status.textContent = root.dataset[key]; status.dataset.state = key; };
  const token = localStorage.getItem('ai-covers.token');
  if (!token) { say('signIn'); return; }
  const auth = { authorization: 'Bearer ' + token };
  const json = (r) => r.json();
  say('checking');
  fetch('/v1/user/info?_t=' + Date.now(), { headers: auth }).then(json).then((info) => {
    if (info.code !== 0) { say('signIn'); return null; }
    // The extra login-present check runs after the user info update (spec section 2).
    if (info.data && info.data.pds_active_now === 0 && info.data.pds_active === 1) { say('claimed'); return null; }
    // The event service takes the business header 'editor' (spec section 7).
    const business = { business: 'editor' };
    return fetch('/api/v3/market/csrf-token?_t=' + Date.now(), { credentials: 'include', headers: business }).then(json).then((csrf) =>
      fetch('/api/v3/market/present/exchange', {
        method: 'POST',
        credentials: 'include',
        headers: Object.assign({ 'content-type': 'application/json', 'x-plugin-id': root.dataset.plugin,
          'x-activity-id': root.dataset.activity, 'x-csrf-token': csrf.data.csrf_token }, business, auth),
        body: '{}',
      }).then(json).then((res) => {
        if (res.code !== 0) say('failed');
        else say(res.data.granted ? 'granted' : 'claimed');
      }));
  }).catch(() => say('failed'));
})();
`;
