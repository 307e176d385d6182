import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';

/** The identity an issuer vouches for after a successful code exchange. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
}

/** Our side of OpenID Connect: authorize URL, code exchange, logout URL, for one issuer. */
export interface OidcClient {
  readonly issuer: string;
  /** True for the provider embedded in this server (same origin: it may be framed). */
  readonly embedded: boolean;
  authorizationUrl(params: Record<string, string>): Promise<string>;
  /** Exchanges a code (PKCE verifier and state checked); throws on any failure. */
  exchangeCode(input: {
    code: string;
    state: string;
    iss: string | undefined;
    verifier: string;
    redirectUri: string;
  }): Promise<ProviderIdentity>;
  /** The provider's logout page, or null when it has none. */
  endSessionUrl(params: Record<string, string>): Promise<string | null>;
}

export type FetchLike = oidc.CustomFetch;

/**
 * A fetch that answers requests to the embedded provider in-process (app.inject): the server never
 * calls itself over the network, which also works before it listens and behind a load balancer.
 */
export function injectFetch(
  app: () => FastifyInstance,
  publicUrl: string,
  internal: { header: string; token: string },
): FetchLike {
  const proto = new URL(publicUrl).protocol.replace(':', '');
  return async (url, options) => {
    const target = new URL(url);
    const response = await app().inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: {
        ...options.headers,
        host: target.host,
        'x-forwarded-proto': proto,
        [internal.header]: internal.token,
      },
      ...(options.body !== undefined && options.body !== null
        ? {
            payload:
              typeof options.body === 'string' ? options.body : String(options.body as URLSearchParams),
          }
        : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}

/**
 * Builds the client for an issuer. Discovery happens on first use and is retried after a failure,
 * so the server starts even while an external provider is down.
 */
export function createOidcClient(opts: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  embedded: boolean;
  fetch?: FetchLike;
}): OidcClient {
  let pending: Promise<oidc.Configuration> | null = null;
  // http:// issuers are for local set-ups and tests; production issuers use https.
  const insecure = new URL(opts.issuer).protocol === 'http:';

  function configuration(): Promise<oidc.Configuration> {
    pending ??= oidc
      .discovery(new URL(opts.issuer), opts.clientId, undefined, oidc.ClientSecretBasic(opts.clientSecret), {
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        ...(opts.fetch ? { [oidc.customFetch]: opts.fetch } : {}),
        timeout: 10,
      })
      .then((config) => {
        if (opts.fetch) config[oidc.customFetch] = opts.fetch;
        return config;
      })
      .catch((error: unknown) => {
        pending = null;
        throw error;
      });
    return pending;
  }

  return {
    issuer: opts.issuer,
    embedded: opts.embedded,
    async authorizationUrl(params) {
      return oidc.buildAuthorizationUrl(await configuration(), params).href;
    },
    async exchangeCode(input) {
      const config = await configuration();
      const callback = new URL(input.redirectUri);
      callback.searchParams.set('code', input.code);
      callback.searchParams.set('state', input.state);
      // Servers that announce RFC 9207 require `iss`; we talk to exactly one issuer, so when the
      // callback did not forward it, it can only be that issuer (the mix-up it guards against needs two).
      if (config.serverMetadata().authorization_response_iss_parameter_supported)
        callback.searchParams.set('iss', input.iss ?? config.serverMetadata().issuer);
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: input.verifier,
        expectedState: input.state,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('ID token has no subject');
      let email = typeof claims.email === 'string' ? claims.email : null;
      let name = typeof claims.name === 'string' ? claims.name : null;
      if (!email && config.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : null;
        name ??= typeof info.name === 'string' ? info.name : null;
      }
      return { issuer: config.serverMetadata().issuer, subject: claims.sub, email, name };
    },
    async endSessionUrl(params) {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, params).href;
    },
  };
}
