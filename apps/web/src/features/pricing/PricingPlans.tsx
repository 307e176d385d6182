import { useTranslation } from 'react-i18next';
import type { CatalogItem } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { formatPrice } from './format-price';
import { useCart } from './pricing-api';
import { PlanTable } from './PlanTable';
import { useBuy } from './use-buy';
import { MemberBenefits } from './MemberBenefits';
import styles from './pricing.module.css';

/** One plan card: name, price, what it gives, 'most popular' tag, buy now. */
function PlanCard({
  item,
  onBuy,
  busy,
  compact,
}: {
  item: CatalogItem;
  onBuy: () => void;
  busy: boolean;
  compact: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <article
      className={`${styles.plan} ${item.popular ? styles.popular : ''} ${compact ? styles.compact : ''}`}
      data-testid={`plan-${item.sku}`}
    >
      {item.popular ? <span className={styles.tag}>{t('wallet.pricing.popular')}</span> : null}
      <h3 className={styles.planName}>{t(`wallet.sku.${item.sku}`)}</h3>
      <p className={styles.price}>
        {formatPrice(item.price_cents, item.currency, i18n.language)}
        {item.plan ? <span className={styles.per}> / {t(`wallet.period.${item.plan}`)}</span> : null}
      </p>
      {item.type === 'subscription' ? (
        <MemberBenefits item={item} compact={compact} />
      ) : (
        <p className={styles.detail}>
          {item.type === 'package'
            ? t('wallet.pricing.packDetail', { count: item.credits })
            : t('wallet.pricing.headshotDetail', { count: item.photos })}
        </p>
      )}
      <button
        type="button"
        className={ui.button}
        onClick={onBuy}
        disabled={busy}
        data-testid={`buy-${item.sku}`}
      >
        {busy ? t('wallet.pricing.redirecting') : t('wallet.pricing.buyNow')}
      </button>
    </article>
  );
}

/**
 * The plans of the cart (§7 `GET /v1/cart`): memberships and credit packs, or headshot packs, as
 * cards, or as comparison tables (the purchase test's alternative layout, with its `abtest` plan).
 */
export function PricingPlans({
  product,
  returnPath,
  list = 'full',
  layout = 'cards',
  abtest,
}: {
  product: 'ai-covers' | 'headshots';
  returnPath: string;
  /** 'wap' is the phone's short list (light dialog). */
  list?: 'full' | 'wap';
  layout?: 'cards' | 'table';
  abtest?: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const cart = useCart(product, i18n.language, abtest);
  const { buy, pendingSku, error } = useBuy(returnPath);
  if (cart.isPending) return <p className={styles.muted}>{t('common.loading')}</p>;
  if (cart.isError) return <p className={styles.error}>{cart.error.message}</p>;
  const compact = list === 'wap';
  const groups: [string, CatalogItem[]][] = compact
    ? [['', cart.data.wap]]
    : [
        [t('wallet.pricing.memberships'), cart.data.subscription],
        [
          product === 'headshots' ? t('wallet.pricing.headshotPacks') : t('wallet.pricing.creditPacks'),
          cart.data.package,
        ],
      ];
  return (
    <div>
      {error ? (
        <p className={styles.error} role="alert">
          {error.message}
        </p>
      ) : null}
      {groups
        .filter(([, items]) => items.length > 0)
        .map(([title, items]) => (
          <section key={title || 'wap'} className={styles.group}>
            {title ? <h2 className={styles.groupTitle}>{title}</h2> : null}
            {layout === 'table' && !compact ? (
              <PlanTable items={items} pendingSku={pendingSku} onBuy={(sku) => void buy(sku)} />
            ) : (
              <div className={styles.grid}>
                {items.map((item) => (
                  <PlanCard
                    key={item.sku}
                    item={item}
                    compact={compact}
                    busy={pendingSku === item.sku}
                    onBuy={() => void buy(item.sku)}
                  />
                ))}
              </div>
            )}
          </section>
        ))}
    </div>
  );
}
