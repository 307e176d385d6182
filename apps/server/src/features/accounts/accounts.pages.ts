import { pageText, type PageKey, type PageLang } from './accounts.i18n';

/** Escapes text for HTML element and attribute content. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

// Inline styles are allowed by the CSP (style-src 'unsafe-inline'); scripts are not, so every page
// works without script and the few helpers live in /accounts/assets/*.js.
const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1b2e;background:#f6f5fb}
main{max-width:400px;margin:0 auto;padding:32px 24px}h1{font-size:22px;margin:0 0 20px}
label{display:block;font-weight:600;margin:14px 0 6px}input{width:100%;padding:10px 12px;border:1px solid #c9c5dc;border-radius:8px;font:inherit;background:#fff}
input:focus{outline:2px solid #6d4aff;outline-offset:1px}button,.button{display:block;width:100%;margin-top:20px;padding:11px;border:0;border-radius:8px;background:#6d4aff;color:#fff;font:600 15px/1.2 inherit;text-align:center;text-decoration:none;cursor:pointer}
.secondary{background:#ebe8f7;color:#3b2f86}.error{background:#fde8ea;color:#9b1c2c;padding:10px 12px;border-radius:8px;margin:0 0 12px}
.notice{background:#e7f6ec;color:#19603a;padding:10px 12px;border-radius:8px;margin:0 0 12px}.alt{margin-top:18px;text-align:center}a{color:#5336d6}
`;

function layout(lang: PageLang, title: string, body: string, scripts: string[] = []): string {
  const tags = scripts.map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style>${tags}</head><body><main>${body}</main></body></html>`;
}

const alert = (text?: string) => (text ? `<p class="error" role="alert">${escapeHtml(text)}</p>` : '');
const notice = (text?: string) => (text ? `<p class="notice" role="status">${escapeHtml(text)}</p>` : '');

/** A way onwards from a page: a link shaped as a button (the first one is the main way). */
export interface PageAction {
  href: string;
  text: string;
}
const actionLinks = (actions: PageAction[]) =>
  actions
    .map(
      (a, i) =>
        `<a class="button${i === 0 ? '' : ' secondary'}" href="${escapeHtml(a.href)}">${escapeHtml(a.text)}</a>`,
    )
    .join('');

/** The sign-in form of an interaction. */
export function loginPage(p: {
  uid: string;
  lang: PageLang;
  email?: string;
  error?: string;
  /** The product page the sign-in started on: a reset link leads back to it. */
  goto?: string | undefined;
}): string {
  const t = pageText(p.lang);
  const base = `/accounts/interaction/${encodeURIComponent(p.uid)}`;
  const forgot = `/accounts/forgot?lang=${p.lang}&uid=${encodeURIComponent(p.uid)}${p.goto ? `&goto=${encodeURIComponent(p.goto)}` : ''}`;
  return layout(
    p.lang,
    t('signInTitle'),
    `<h1>${escapeHtml(t('signInTitle'))}</h1>${alert(p.error)}
<form method="post" action="${base}/login" novalidate>
<label for="email">${escapeHtml(t('email'))}</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(p.email)}" autofocus>
<label for="password">${escapeHtml(t('password'))}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${escapeHtml(t('signIn'))}</button></form>
<p class="alt"><a href="${escapeHtml(forgot)}">${escapeHtml(t('forgotLink'))}</a></p>
<p class="alt">${escapeHtml(t('noAccount'))} <a href="${base}/register">${escapeHtml(t('createAccount'))}</a></p>`,
  );
}

/** The create-account form of an interaction. */
export function registerPage(p: { uid: string; lang: PageLang; email?: string; error?: string }): string {
  const t = pageText(p.lang);
  const base = `/accounts/interaction/${encodeURIComponent(p.uid)}`;
  return layout(
    p.lang,
    t('registerTitle'),
    `<h1>${escapeHtml(t('registerTitle'))}</h1>${alert(p.error)}
<form method="post" action="${base}/register" novalidate>
<label for="email">${escapeHtml(t('email'))}</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(p.email)}" autofocus>
<label for="password">${escapeHtml(t('password'))}</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required>
<button type="submit">${escapeHtml(t('createAccount'))}</button></form>
<p class="alt">${escapeHtml(t('haveAccount'))} <a href="${base}">${escapeHtml(t('signIn'))}</a></p>`,
  );
}

/** The account overview: who is signed in, e-mail verification, sign out. */
export function overviewPage(p: {
  lang: PageLang;
  email: string | null;
  verified: boolean;
  notice?: string;
  /** The product's start page: every page offers the way back to it. */
  home: string;
}): string {
  const t = pageText(p.lang);
  if (p.email === null) {
    return layout(
      p.lang,
      t('overviewTitle'),
      `<h1>${escapeHtml(t('overviewTitle'))}</h1><p>${escapeHtml(t('notSignedIn'))}</p>${actionLinks([{ href: p.home, text: t('backToProduct') }])}`,
    );
  }
  const verification = p.verified
    ? `<p class="notice">${escapeHtml(t('verified'))}</p>`
    : `<p>${escapeHtml(t('notVerified'))}</p><form method="post" action="/accounts/account/resend?lang=${p.lang}"><button type="submit" class="secondary">${escapeHtml(t('resend'))}</button></form>`;
  return layout(
    p.lang,
    t('overviewTitle'),
    `<h1>${escapeHtml(t('overviewTitle'))}</h1>${p.notice ? `<p class="notice">${escapeHtml(p.notice)}</p>` : ''}
<p>${escapeHtml(t('signedInAs'))} <strong>${escapeHtml(p.email)}</strong></p>${verification}
${actionLinks([{ href: p.home, text: t('backToProduct') }])}
<a class="button secondary" href="/accounts/session/end?ui_locales=${p.lang}">${escapeHtml(t('signOut'))}</a>`,
  );
}

/**
 * The provider's sign-out page around its own form (`op.logoutForm`). The helper script submits
 * "yes" straight away (the user asked to sign out in our app); without script the button does it.
 */
export function logoutPage(lang: PageLang, form: string): string {
  const t = pageText(lang);
  return layout(
    lang,
    t('signOut'),
    `<h1>${escapeHtml(t('signingOut'))}</h1>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes" id="logout-yes">${escapeHtml(t('signOut'))}</button>`,
    ['/accounts/assets/logout.js'],
  );
}

/** A one-message page (signed out, e-mail verified, error) with the ways onwards, if any. */
export function messagePage(
  lang: PageLang,
  title: PageKey,
  text: string,
  detail?: string,
  actions: PageAction[] = [],
): string {
  const t = pageText(lang);
  const code = detail ? `<p><small><code>${escapeHtml(detail)}</code></small></p>` : '';
  return layout(
    lang,
    t(title),
    `<h1>${escapeHtml(t(title))}</h1><p>${escapeHtml(text)}</p>${code}${actionLinks(actions)}`,
  );
}

/** "Forgot password": asks for the e-mail; after sending, the same answer for any address. */
export function forgotPage(p: {
  lang: PageLang;
  /** The sign-in this came from (its page is the way back), if any. */
  uid?: string | undefined;
  /** The product page that sign-in started on (already checked to be ours). */
  goto?: string | undefined;
  home: string;
  email?: string;
  error?: string;
  sent?: boolean;
}): string {
  const t = pageText(p.lang);
  const query = new URLSearchParams({ lang: p.lang });
  if (p.uid) query.set('uid', p.uid);
  if (p.goto) query.set('goto', p.goto);
  const back: PageAction = p.uid
    ? { href: `/accounts/interaction/${encodeURIComponent(p.uid)}`, text: t('backToSignIn') }
    : { href: p.home, text: t('backToProduct') };
  const body = p.sent
    ? `${notice(t('forgotSent', { email: p.email ?? '' }))}${actionLinks([back])}`
    : `${alert(p.error)}<p>${escapeHtml(t('forgotIntro'))}</p>
<form method="post" action="${escapeHtml(`/accounts/forgot?${query}`)}" novalidate>
<label for="email">${escapeHtml(t('email'))}</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(p.email)}" autofocus>
<button type="submit">${escapeHtml(t('sendLink'))}</button></form>
<p class="alt"><a href="${escapeHtml(back.href)}">${escapeHtml(back.text)}</a></p>`;
  return layout(p.lang, t('forgotTitle'), `<h1>${escapeHtml(t('forgotTitle'))}</h1>${body}`);
}

/** The page a reset link opens: a new password (the token travels in a hidden field). */
export function resetPage(p: {
  lang: PageLang;
  token: string;
  goto?: string | undefined;
  error?: string;
}): string {
  const t = pageText(p.lang);
  const goto = p.goto ? `&amp;goto=${encodeURIComponent(p.goto)}` : '';
  return layout(
    p.lang,
    t('resetTitle'),
    `<h1>${escapeHtml(t('resetTitle'))}</h1>${alert(p.error)}
<form method="post" action="/accounts/reset?lang=${p.lang}${goto}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(p.token)}">
<label for="password">${escapeHtml(t('newPassword'))}</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required autofocus>
<button type="submit">${escapeHtml(t('savePassword'))}</button></form>`,
  );
}

/**
 * REQUIRE_EMAIL_VERIFICATION: the sign-in waits for the e-mail to be confirmed. "Continue" finishes
 * it once the link was opened; the link can be sent again. `pending` names the account (signed).
 */
export function verifyPendingPage(p: {
  uid: string;
  lang: PageLang;
  email: string;
  pending: string;
  notice?: string;
  error?: string;
}): string {
  const t = pageText(p.lang);
  const base = `/accounts/interaction/${encodeURIComponent(p.uid)}`;
  const hidden = `<input type="hidden" name="pending" value="${escapeHtml(p.pending)}">`;
  return layout(
    p.lang,
    t('verifyTitle'),
    `<h1>${escapeHtml(t('verifyTitle'))}</h1>${alert(p.error)}${notice(p.notice)}
<p>${escapeHtml(t('verifyPending', { email: p.email }))}</p>
<form method="post" action="${base}/continue">${hidden}<button type="submit">${escapeHtml(t('continueSignIn'))}</button></form>
<form method="post" action="${base}/resend">${hidden}<button type="submit" class="secondary">${escapeHtml(t('resend'))}</button></form>
<p class="alt"><a href="${base}">${escapeHtml(t('backToSignIn'))}</a></p>`,
  );
}

/** The third-party-cookie check frame (§7): its script reports to the parent page. */
export function cookieCheckPage(): string {
  return layout('en', 'cookie check', '', ['/accounts/assets/cookie-check.js']);
}

export const ASSETS: Record<string, string> = {
  // Presses "yes" on the provider's logout form once the page has loaded.
  'logout.js': `document.addEventListener('DOMContentLoaded',function(){var b=document.getElementById('logout-yes');if(b)b.click();});`,
  // Sets and reads back a SameSite=None cookie, then tells the embedding page whether it stuck.
  // Browsers only accept SameSite=None with Secure, so plain-http set-ups test a Lax cookie.
  'cookie-check.js': `(function(){var n='ai_covers_cc='+Date.now();document.cookie=n+';path=/accounts;'+(location.protocol==='https:'?'SameSite=None;Secure':'SameSite=Lax');var ok=document.cookie.indexOf(n)>=0;document.cookie='ai_covers_cc=;path=/accounts;max-age=0';if(window.parent!==window)window.parent.postMessage({type:'ai-covers:cookie-check',supported:ok},'*');})();`,
};
