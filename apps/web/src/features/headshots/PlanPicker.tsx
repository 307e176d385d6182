import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HeadshotPlansData, HeadshotPlanId } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { formatPrice, useCart, useOrder, useBuy } from '../pricing';
import { walletKeys } from '../credits';
import { headshotKeys } from './headshots-api';
import styles from './Headshots.module.css';

/**
 * The plan (§3, §9): Basic 50 or Pro 100 headshots, paid once through the shared checkout, which
 * brings the buyer back to `returnPath`. A plan with an unused pack on the account needs no payment.
 */
export function PlanPicker({
  plans,
  plan,
  onPlan,
  returnPath,
}: {
  plans: HeadshotPlansData;
  plan: HeadshotPlanId;
  onPlan: (plan: HeadshotPlanId) => void;
  returnPath: string;
}) {
  const { t, i18n } = useTranslation();
  const cart = useCart('headshots', i18n.language);
  const { buy, pendingSku, signedIn } = useBuy(returnPath);

  return (
    <section className={ui.card} aria-labelledby="hs-plan-title">
      <h2 id="hs-plan-title" className={styles.cardTitle}>
        {t('headshots.plan.title')}
      </h2>
      <CheckoutReturn />
      {!plans.on_sale ? <p className={styles.small}>{t('errors.headshots.notOnSale')}</p> : null}
      <div className={styles.planGrid} role="radiogroup" aria-label={t('headshots.plan.title')}>
        {plans.plans.map((p) => {
          const item = cart.data?.package.find((i) => i.sku === p.sku);
          const on = p.id === plan;
          return (
            <div key={p.id} className={on ? `${styles.planCard} ${styles.styleCardOn}` : styles.planCard}>
              <label className={styles.planLabel}>
                <input
                  type="radio"
                  name="headshot-plan"
                  checked={on}
                  onChange={() => onPlan(p.id)}
                  data-testid={`plan-${p.id}`}
                />
                <span className={styles.planName}>{t(`headshots.plan.${p.id}`, { count: p.results })}</span>
              </label>
              {item ? (
                <span className={styles.price}>
                  {formatPrice(item.price_cents, item.currency, i18n.language)}
                  {item.popular ? <span className={ui.badge}> {t('wallet.pricing.popular')}</span> : null}
                </span>
              ) : null}
              <span className={styles.small} data-testid={`plan-${p.id}-available`}>
                {p.available > 0
                  ? t('headshots.plan.available', { n: p.available })
                  : t('headshots.plan.oneTime')}
              </span>
              {p.available === 0 && plans.on_sale ? (
                <button
                  type="button"
                  className={`${ui.button} ${ui.secondary}`}
                  disabled={pendingSku !== null}
                  onClick={() => {
                    onPlan(p.id);
                    void buy(p.sku);
                  }}
                  data-testid={`buy-${p.id}`}
                >
                  {pendingSku === p.sku
                    ? t('wallet.pricing.redirecting')
                    : t(signedIn ? 'headshots.plan.buy' : 'headshots.plan.signInToBuy')}
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** Back from checkout with ?order_id=…&status=…: says what happened and refreshes the packs. */
function CheckoutReturn() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('order_id'));
  if (!Number.isInteger(orderId) || orderId <= 0) return null;
  return <OrderNotice orderId={orderId} />;
}

function OrderNotice({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const order = useOrder(orderId);
  const status = order.data?.status;
  useEffect(() => {
    if (status !== 'paid') return;
    void client.invalidateQueries({ queryKey: headshotKeys.all });
    void client.invalidateQueries({ queryKey: walletKeys.all });
  }, [status, client]);
  if (!order.data) return null;
  return (
    <p className={styles.notice} role="status" data-testid="checkout-result" data-status={status}>
      {t(`wallet.checkout.${status ?? 'pending'}`, { name: t(`wallet.sku.${order.data.sku}`) })}
    </p>
  );
}
