import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Settings } from '../../config';
import type { Database } from '../../platform/db/client';
import { createCreditsRepo } from '../credits/credits.repo';
import { createCreditsService, type TaskLookups } from '../credits/credits.service';
import { creditsRoutes } from '../credits/credits.routes';
import { createIntegralService } from '../credits/integral.service';
import { createUserInfoCredits } from '../credits/user-info';
import { createPromotionService } from '../promotion/promotion.service';
import { promotionRoutes } from '../promotion/promotion.routes';
import { createBillingRepo } from './billing.repo';
import { billingRoutes } from './billing.routes';
import { createBillingService } from './billing.service';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider';
import { sandboxRoutes } from './sandbox.routes';
import { createSandboxCheckout } from './sandbox.service';
import { createStripeProvider } from './stripe-provider';
import { webhookRoutes } from './webhook.routes';

export interface CommerceDeps {
  settings: Settings;
  database: Database;
  /** The server secret; the sandbox signing key derives from it unless SANDBOX_WEBHOOK_SECRET is set. */
  secret: Uint8Array;
  /** Task lookups of the tools whose tasks live here (covers); other tools: first account charged owns it. */
  tasks?: TaskLookups;
  /** Stripe client override (tests run offline). */
  stripeClient?: Stripe;
}

function sandboxSecret(settings: Settings, secret: Uint8Array): Uint8Array {
  if (settings.SANDBOX_WEBHOOK_SECRET) return new TextEncoder().encode(settings.SANDBOX_WEBHOOK_SECRET);
  return createHmac('sha256', secret).update('sandbox-webhook').digest();
}

/**
 * The wallet, memberships, checkout and promotion, built once and registered on the app. Returns
 * what other features wire: the signup gift and the user-info fields.
 */
export async function installCommerce(app: FastifyInstance, deps: CommerceDeps) {
  const { settings, database } = deps;
  const creditsRepo = createCreditsRepo(database.db);
  const credits = createCreditsService({
    repo: creditsRepo,
    ...(deps.tasks ? { tasks: deps.tasks } : {}),
  });
  const integral = createIntegralService({ credits });
  const promotion = createPromotionService({ credits, secret: deps.secret });
  const userInfoCredits = createUserInfoCredits({ repo: creditsRepo, presentState: promotion.presentState });

  const basePath = settings.BASE_PATH;
  const sandbox = createSandboxProvider({ secret: sandboxSecret(settings, deps.secret), basePath });
  let provider: PaymentProvider = sandbox;
  if (settings.PAYMENT_PROVIDER === 'stripe') {
    if (!settings.STRIPE_SECRET_KEY || !settings.STRIPE_WEBHOOK_SECRET || !settings.PUBLIC_URL) {
      throw new Error(
        'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_URL',
      );
    }
    provider = createStripeProvider({
      secretKey: settings.STRIPE_SECRET_KEY,
      webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
      ...(deps.stripeClient ? { client: deps.stripeClient } : {}),
    });
  }
  const billingRepo = createBillingRepo(database.db);
  // Stripe needs absolute return URLs; the sandbox stays on our own origin with relative ones.
  const publicBase =
    provider.name === 'stripe' ? `${settings.PUBLIC_URL!.replace(/\/$/, '')}${basePath}` : basePath;
  const billing = createBillingService({ repo: billingRepo, credits, provider, publicBase });

  await app.register(creditsRoutes(credits, integral));
  await app.register(billingRoutes(billing));
  await app.register(webhookRoutes(billing, provider.name));
  if (provider.name === 'sandbox') {
    await app.register(
      sandboxRoutes(createSandboxCheckout({ repo: billingRepo, billing, sandbox }), basePath),
    );
  }
  await app.register(promotionRoutes(promotion, basePath));

  const commerce = {
    credits,
    integral,
    billing,
    promotion,
    sandbox,
    /** Give to the sign-in feature's "account created" step: the 1 gifted credit (§6), idempotent. */
    grantSignupGift: (userId: number) => credits.grantSignupGift(userId),
    /** The §3 user-info fields the wallet owns. */
    userInfoCredits,
    /**
     * For `auth.registerUserInfoContributor`: makes sure the account has its signup gift (login
     * returns user info, so a new account gets it at its first sign-in; idempotent), then answers
     * the wallet's user-info fields.
     */
    async userInfoContributor({ userId }: { userId: number }) {
      await credits.grantSignupGift(userId);
      return userInfoCredits(userId);
    },
  };
  app.decorate('commerce', commerce);
  return commerce;
}
export type Commerce = {
  credits: ReturnType<typeof createCreditsService>;
  integral: ReturnType<typeof createIntegralService>;
  billing: ReturnType<typeof createBillingService>;
  promotion: ReturnType<typeof createPromotionService>;
  sandbox: ReturnType<typeof createSandboxProvider>;
  grantSignupGift: (userId: number) => Promise<boolean>;
  userInfoCredits: ReturnType<typeof createUserInfoCredits>;
  userInfoContributor: (input: { userId: number }) => ReturnType<ReturnType<typeof createUserInfoCredits>>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The wallet, billing and promotion services (tests and wiring reach them here). */
    commerce: Commerce;
  }
}
