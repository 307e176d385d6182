import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { analytics } from '../../shared/analytics/client';
import { readSession, writeSession } from '../../shared/storage/storage';
import { walletKeys, announceWalletChange } from '../credits';
import { useOrder } from './pricing-api';
import styles from './pricing.module.css';

/**
 * What a checkout did, on the page it came back to (?order_id=…&status=…): pricing, or the cover
 * the purchase was for. A paid order refreshes the balance here and in the product's other windows
 * (the one that opened pricing learns of the purchase this way).
 */
export function CheckoutResult({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const order = useOrder(orderId);
  const status = order.data?.status;
  const sku = order.data?.sku;
  useEffect(() => {
    if (status !== 'paid') return;
    void client.invalidateQueries({ queryKey: walletKeys.all });
    announceWalletChange();
    // The purchase conversion (§9 report), once per order even if this page is reloaded.
    const key = `purchase_tracked.${orderId}`;
    if (readSession(key) === null) {
      writeSession(key, '1');
      analytics.track('purchase', { order_id: orderId, sku: sku ?? '' });
    }
  }, [status, client, orderId, sku]);
  if (!order.data) return null;
  return (
    <p className={styles.notice} role="status" data-testid="checkout-result" data-status={status}>
      {t(`wallet.checkout.${status ?? 'pending'}`, { name: t(`wallet.sku.${order.data.sku}`) })}
    </p>
  );
}

/** The checkout result of the current address, when it carries an order id. */
export function CheckoutReturn() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('order_id'));
  return Number.isSafeInteger(orderId) && orderId > 0 ? <CheckoutResult orderId={orderId} /> : null;
}
