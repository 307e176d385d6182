import type { FastifyInstance } from 'fastify';

/** A tiny cookie jar for inject/fetch flows (names only; path scoping is not needed here). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookie: string | string[] | undefined | null): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.trim().split('=');
        return (
          (k?.toLowerCase() === 'expires' && new Date(v!).getTime() < Date.now()) ||
          (k?.toLowerCase() === 'max-age' && Number(v) <= 0)
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The public host of the test app (PORT default 8080, no PUBLIC_URL). */
export const TEST_HOST = 'localhost:8080';
export const TEST_ORIGIN = `http://${TEST_HOST}`;

/** Injects a request as a browser would: with the jar's cookies, storing what comes back. */
export async function browse(
  app: FastifyInstance,
  jar: CookieJar,
  method: 'GET' | 'POST',
  url: string,
  opts: { form?: Record<string, string>; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const target = new URL(url, TEST_ORIGIN);
  const response = await app.inject({
    method,
    url: target.pathname + target.search,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    headers: {
      host: TEST_HOST,
      cookie: jar.header(),
      ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...opts.headers,
    },
    ...(opts.form ? { payload: new URLSearchParams(opts.form).toString() } : {}),
  });
  jar.store(response.headers['set-cookie'] as string | string[] | undefined);
  return response;
}

/** Follows redirects inside the app until the callback page (returns its URL) or a non-redirect. */
export async function followToCallback(app: FastifyInstance, jar: CookieJar, start: string): Promise<URL> {
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    if (new URL(url, TEST_ORIGIN).pathname.includes('/login-callback.html')) return new URL(url, TEST_ORIGIN);
    const response = await browse(app, jar, 'GET', url);
    const location = response.headers.location;
    if (!location)
      throw new Error(`no redirect from ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    url = new URL(location, new URL(url, TEST_ORIGIN)).href;
  }
  throw new Error('too many redirects');
}

/**
 * Drives the embedded provider like a browser: authorize URL, create account (or sign in),
 * back to the callback. Returns what the callback page receives.
 */
export async function authorizeThroughProvider(
  app: FastifyInstance,
  jar: CookieJar,
  input: {
    email: string;
    password: string;
    register: boolean;
    goto?: string;
    headers?: Record<string, string>;
    /** The address the form is sent from (default: inject's 127.0.0.1). */
    remoteAddress?: string;
  },
) {
  const goto = input.goto ?? `${TEST_ORIGIN}/account`;
  const start = await browse(
    app,
    jar,
    'GET',
    `/v1/login/authorize-url?goto=${encodeURIComponent(goto)}&lang=en`,
    {
      headers: input.headers,
    },
  );
  if (start.statusCode !== 200) throw new Error(`authorize-url: ${start.body}`);
  const { url, state } = start.json().data as { url: string; state: string };
  const toInteraction = await browse(app, jar, 'GET', url);
  const interaction = new URL(toInteraction.headers.location as string, TEST_ORIGIN).pathname;
  const submit = await browse(app, jar, 'POST', `${interaction}/${input.register ? 'register' : 'login'}`, {
    form: { email: input.email, password: input.password },
    ...(input.remoteAddress ? { remoteAddress: input.remoteAddress } : {}),
  });
  if (submit.statusCode !== 303) return { submit, state, callback: null };
  const callback = await followToCallback(app, jar, submit.headers.location as string);
  return { submit, state, callback };
}

/**
 * Calls POST /v1/login with what the callback page received, as a §7 client does: the code alone
 * (the attempt rides in the jar's cookie). `withState` also sends the callback's state and iss.
 */
export function postLogin(
  app: FastifyInstance,
  jar: CookieJar,
  callback: URL,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
  opts: { withState?: boolean } = {},
) {
  const query = new URLSearchParams({ auth_code: callback.searchParams.get('code') ?? '', ...extra });
  if (opts.withState) {
    query.set('state', callback.searchParams.get('state') ?? '');
    const iss = callback.searchParams.get('iss');
    if (iss) query.set('iss', iss);
  }
  return browse(app, jar, 'POST', `/v1/login?${query}`, { headers });
}
