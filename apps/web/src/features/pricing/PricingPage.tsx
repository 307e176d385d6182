import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAbPlan } from '../../shared/ab/use-ab-plan';
import { analytics } from '../../shared/analytics/client';
import { readSession, writeSession } from '../../shared/storage/storage';
import { PageIntro, ui } from '../../shared/ui/PageIntro';
import { walletKeys } from '../credits/credits-api';
import { announceWalletChange } from '../credits/wallet-sync';
import { useOrder } from './pricing-api';
import { PricingPlans } from './PricingPlans';
import styles from './pricing.module.css';

/** After checkout the buyer comes back here with ?order_id=…&status=…: show what happened. */
function CheckoutResult({ orderId }: { orderId: number }) {
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

/**
 * The pricing page (§2): basic and pro plans, 'most popular' tag, buy now. Plan 2 of the purchase
 * test (§9, English only) shows the alternative layout and asks the cart for that plan.
 */
export function PricingPage() {
  const { t, i18n } = useTranslation();
  const purchaseTest = useAbPlan('purchase_test');
  const [params, setParams] = useSearchParams();
  const product = params.get('product') === 'headshots' ? 'headshots' : 'ai-covers';
  const orderId = Number(params.get('order_id'));
  const lang = i18n.language;
  const returnPath = `${lang !== 'en' ? `/${lang}` : ''}/pricing${product === 'headshots' ? '?product=headshots' : ''}`;
  const choose = (next: 'ai-covers' | 'headshots') =>
    setParams(next === 'headshots' ? { product: next } : {});
  return (
    <>
      <PageIntro title={t('wallet.pricing.title')} lead={t('wallet.prompt')} />
      {Number.isSafeInteger(orderId) && orderId > 0 ? <CheckoutResult orderId={orderId} /> : null}
      <div className={styles.switch} role="group" aria-label={t('wallet.pricing.product')}>
        {(['ai-covers', 'headshots'] as const).map((p) => (
          <button
            key={p}
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            aria-pressed={product === p}
            onClick={() => choose(p)}
          >
            {t(`wallet.pricing.products.${p}`)}
          </button>
        ))}
      </div>
      <PricingPlans
        product={product}
        returnPath={returnPath}
        layout={purchaseTest.on ? 'table' : 'cards'}
        abtest={purchaseTest.plan}
      />
      <ul className={styles.facts}>
        <li>{t('wallet.facts.free')}</li>
        <li>{t('wallet.facts.download')}</li>
        <li>{t('wallet.facts.validity')}</li>
        <li>{t('wallet.facts.guarantee')}</li>
      </ul>
    </>
  );
}
