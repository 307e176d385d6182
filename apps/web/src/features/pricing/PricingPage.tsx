import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '@ai-covers/contracts';
import { apiGet } from '../../shared/api/request';
import { PageIntro, ui } from '../../shared/ui/PageIntro';
import { walletKeys } from '../credits/credits-api';
import { announceWalletChange } from '../credits/wallet-sync';
import { PricingPlans } from './PricingPlans';
import styles from './pricing.module.css';

/** After checkout the buyer comes back here with ?order_id=…&status=…: show what happened. */
function CheckoutResult({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const order = useQuery({
    queryKey: [...walletKeys.orders(), orderId],
    queryFn: ({ signal }) => apiGet<OrderView>(`/v1/billing/orders/${orderId}`, undefined, signal),
    // A provider's webhook can land a moment after the redirect: look again until it has.
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
  });
  const status = order.data?.status;
  useEffect(() => {
    if (status !== 'paid') return;
    void client.invalidateQueries({ queryKey: walletKeys.all });
    announceWalletChange();
  }, [status, client]);
  if (!order.data) return null;
  return (
    <p className={styles.notice} role="status" data-testid="checkout-result" data-status={status}>
      {t(`wallet.checkout.${status ?? 'pending'}`, { name: t(`wallet.sku.${order.data.sku}`) })}
    </p>
  );
}

/** The pricing page (§2): basic and pro plans, 'most popular' tag, buy now. */
export function PricingPage() {
  const { t, i18n } = useTranslation();
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
      <PricingPlans product={product} returnPath={returnPath} />
      <ul className={styles.facts}>
        <li>{t('wallet.facts.free')}</li>
        <li>{t('wallet.facts.download')}</li>
        <li>{t('wallet.facts.validity')}</li>
        <li>{t('wallet.facts.guarantee')}</li>
      </ul>
    </>
  );
}
