import { Code } from '@ai-covers/contracts';
import { AppError } from '../../platform/http/app-error';
import type { BillingRepo, OrderRow } from './billing.repo';
import type { BillingService } from './billing.service';
import { SANDBOX_SIGNATURE_HEADER, type SandboxProvider } from './sandbox-provider';

/**
 * The buyer's side of the sandbox checkout. The page link carries a token derived from the order
 * id with the server secret, so only the buyer who started checkout can open or answer it.
 */
export function createSandboxCheckout(deps: {
  repo: BillingRepo;
  billing: BillingService;
  sandbox: SandboxProvider;
}) {
  async function authorised(orderId: number, token: string): Promise<OrderRow> {
    const order = await deps.repo.findOrder(orderId);
    if (!order || order.provider !== 'sandbox' || !deps.sandbox.checkPageToken(orderId, token)) {
      throw new AppError(Code.resourceError, 'order: no such checkout', 404);
    }
    return order;
  }
  return {
    /** What the checkout page shows. */
    async page(orderId: number, token: string) {
      const order = await authorised(orderId, token);
      return { order };
    },
    /**
     * Confirms or declines: builds the provider event, signs it, and feeds it to the same webhook
     * handler a real delivery reaches, so the sandbox exercises the production fulfilment path.
     */
    async decide(orderId: number, token: string, decision: 'confirm' | 'decline') {
      const order = await authorised(orderId, token);
      if (order.status === 'pending') {
        const body = deps.sandbox.newEvent(
          decision === 'confirm' ? 'checkout.completed' : 'checkout.canceled',
          order,
        );
        await deps.billing.handleWebhook(body, { [SANDBOX_SIGNATURE_HEADER]: deps.sandbox.sign(body) });
      }
      const after = (await deps.repo.findOrder(orderId))!;
      const sep = after.returnPath.includes('?') ? '&' : '?';
      return {
        order: after,
        returnTo: `${after.returnPath}${sep}order_id=${after.id}&status=${after.status}`,
      };
    },
  };
}
export type SandboxCheckout = ReturnType<typeof createSandboxCheckout>;
