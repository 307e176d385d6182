import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import type { Settings } from '../../config';
import type { Db } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import type { CreditsService } from '../credits/credits.service';
import type { HeadshotEntitlements } from './billing.service';
import { createBillingRepo } from './billing.repo';
import { billingRoutes } from './billing.routes';
import { createBillingService } from './billing.service';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider';
import { sandboxRoutes } from './sandbox.routes';
import { createSandboxCheckout } from './sandbox.service';
import { createStripeProvider } from './stripe-provider';
import { webhookRoutes } from './webhook.routes';

function sandboxSecret(settings: Settings, secret: Uint8Array): Uint8Array {
  if (settings.SANDBOX_WEBHOOK_SECRET) return new TextEncoder().encode(settings.SANDBOX_WEBHOOK_SECRET);
  return createHmac('sha256', secret).update('sandbox-webhook').digest();
}

/** The payment provider the settings choose: the built-in sandbox checkout, or Stripe. */
function choosePaymentProvider(
  settings: Settings,
  sandbox: PaymentProvider,
  stripeClient: Stripe | undefined,
): PaymentProvider {
  if (settings.PAYMENT_PROVIDER !== 'stripe') return sandbox;
  if (!settings.STRIPE_SECRET_KEY || !settings.STRIPE_WEBHOOK_SECRET || !settings.PUBLIC_URL)
    throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_URL');
  return createStripeProvider({
    secretKey: settings.STRIPE_SECRET_KEY,
    webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
    ...(stripeClient ? { client: stripeClient } : {}),
  });
}

/** Orders, checkout (sandbox or Stripe), signed webhooks, fulfilment into the wallet, refunds. */
export function createBillingFeature(deps: {
  settings: Settings;
  db: Db;
  /** The server secret; the sandbox signing key derives from it unless SANDBOX_WEBHOOK_SECRET is set. */
  secret: Uint8Array;
  credits: CreditsService;
  /** What a paid headshot pack becomes (the headshot feature's entitlements). */
  headshots: HeadshotEntitlements;
  /** Stripe client override (tests run offline). */
  stripeClient?: Stripe;
}) {
  const { settings } = deps;
  const basePath = settings.BASE_PATH;
  const sandbox = createSandboxProvider({ secret: sandboxSecret(settings, deps.secret) });
  const provider = choosePaymentProvider(settings, sandbox, deps.stripeClient);
  const repo = createBillingRepo(deps.db);
  // Stripe needs absolute return URLs; the sandbox stays on our own origin with relative ones.
  const publicBase =
    provider.name === 'stripe' ? `${settings.PUBLIC_URL!.replace(/\/$/, '')}${basePath}` : basePath;
  const service = createBillingService({
    repo,
    credits: deps.credits,
    provider,
    publicBase,
    headshots: deps.headshots,
  });
  return defineFeature({
    service,
    sandbox,
    routes: [
      billingRoutes(service),
      webhookRoutes(service, provider.name),
      ...(provider.name === 'sandbox'
        ? [sandboxRoutes(createSandboxCheckout({ repo, billing: service, sandbox }), basePath)]
        : []),
    ],
  });
}
