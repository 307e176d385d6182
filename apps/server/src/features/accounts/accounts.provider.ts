import { randomBytes, randomUUID } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { exportJWK, generateKeyPair } from 'jose';
import type { AccountsRepo } from './accounts.repo';
import type { AccountsService } from './accounts.service';
import { createOidcAdapter } from './oidc-adapter';
import { logoutPage, messagePage } from './accounts.pages';
import { pageText, pickLang } from './accounts.i18n';

/** Where the embedded provider is mounted; the issuer is PUBLIC_URL + this. */
export const ACCOUNTS_PATH = '/accounts';

/** The §7 authorize parameters that are not OIDC's own; kept so the pages can read them. */
/** Every scope our own client may ask for: §7's 'user normal' and the standard names. */
const FIRST_PARTY_SCOPES = 'openid email profile user normal';
const EXTRA_PARAMS = ['register_mode', 'product_id', 'app_key', 'source', 'lang', 'mode', 'goto'];

export interface FirstPartyClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

type JwkSet = { keys: Record<string, unknown>[] };

/** Signing keys and cookie keys, generated once and kept in the database (every process shares them). */
async function loadKeys(repo: AccountsRepo): Promise<{ jwks: JwkSet; cookieKeys: string[] }> {
  const jwks = await repo.ensureSecret<JwkSet>('jwks', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    return { keys: [{ ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' }] };
  });
  const cookieKeys = await repo.ensureSecret<string[]>('cookie-keys', () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { jwks, cookieKeys };
}

function langOf(ctx: KoaContextWithOIDC): ReturnType<typeof pickLang> {
  const params = (ctx.oidc?.params ?? {}) as Record<string, unknown>;
  return pickLang(params.ui_locales ?? params.lang ?? ctx.query?.ui_locales ?? ctx.query?.lang);
}

/** Builds the embedded oidc-provider: our database adapter, PKCE required, our own pages. */
export async function createEmbeddedProvider(deps: {
  issuer: string;
  repo: AccountsRepo;
  service: AccountsService;
  client: FirstPartyClient;
  /** The product's start page, offered after signing out when no page to return to was given. */
  home: string;
}): Promise<Provider> {
  const { jwks, cookieKeys } = await loadKeys(deps.repo);
  const { client } = deps;
  const configuration: Configuration = {
    adapter: createOidcAdapter(deps.repo),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        post_logout_redirect_uris: client.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: jwks as Configuration['jwks'],
    cookies: { keys: cookieKeys },
    pkce: { required: () => true, methods: ['S256'] },
    responseTypes: ['code'],
    // 'user normal' is §7's scope (decision 040): 'user' carries the e-mail, 'normal' the profile.
    scopes: ['openid', 'email', 'profile', 'user', 'normal'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      user: ['email', 'email_verified'],
      normal: ['name'],
    },
    // Our client reads e-mail from the ID token; external issuers may also need userinfo.
    conformIdTokenClaims: false,
    extraParams: EXTRA_PARAMS,
    clientBasedCORS: () => false,
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
      Interaction: 3600,
      Grant: 14 * 24 * 3600,
      Session: 14 * 24 * 3600,
    },
    interactions: { url: (_ctx, interaction) => `${ACCOUNTS_PATH}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = await deps.service.findAccount(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: Boolean(account.emailVerifiedAt) }),
      };
    },
    // Our own client is first party: its grant is created without a consent screen.
    async loadExistingGrant(ctx) {
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        // A grant made before §7's scopes were asked for gains them rather than asking for consent.
        if (
          existing &&
          clientId === client.clientId &&
          !existing.getOIDCScope().split(' ').includes('normal')
        ) {
          existing.addOIDCScope(FIRST_PARTY_SCOPES);
          await existing.save();
        }
        if (existing) return existing;
      }
      if (clientId !== client.clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope(FIRST_PARTY_SCOPES);
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(langOf(ctx), form);
        },
        postLogoutSuccessSource(ctx) {
          const lang = langOf(ctx);
          ctx.type = 'html';
          const t = pageText(lang);
          ctx.body = messagePage(lang, 'signOut', t('signedOut'), undefined, [
            { href: deps.home, text: t('backToProduct') },
          ]);
        },
      },
    },
    renderError(ctx, out) {
      const lang = langOf(ctx);
      ctx.type = 'html';
      // The provider's own wording is technical English: shown small, under our translated text.
      const detail = String(out.error_description ?? out.error ?? '');
      ctx.body = messagePage(lang, 'errorTitle', pageText(lang)('errorGeneric'), detail);
    },
  };
  const provider = new Provider(deps.issuer, configuration);
  // Behind a load balancer the public scheme and host come from X-Forwarded-* (Fastify trusts them too).
  provider.proxy = true;
  return provider;
}
