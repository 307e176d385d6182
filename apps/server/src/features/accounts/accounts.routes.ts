import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountsRouteDeps } from './accounts.http';
import { accountRoutes } from './accounts.account.routes';
import { interactionRoutes } from './accounts.interaction.routes';
import { providerMount } from './accounts.mount';
import { passwordRoutes } from './accounts.password.routes';

/**
 * The embedded account provider under /accounts: our own pages (sign in, create account, forgotten
 * password, account overview, e-mail verification, cookie check) plus oidc-provider's endpoints for
 * everything else, which the mount registered last hands over.
 */
export function accountsRoutes(deps: AccountsRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(interactionRoutes(deps));
    await app.register(passwordRoutes(deps));
    await app.register(accountRoutes(deps));
    await app.register(providerMount(deps.provider, deps.internalToken, deps.issuer));
  };
}
