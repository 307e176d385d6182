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
  popular,
  onBuy,
  busy,
  compact,
}: {
  item: CatalogItem;
  popular: boolean;
  onBuy: () => void;
  busy: boolean;
  compact: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <article
      className={`${styles.plan} ${popular ? styles.popular : ''} ${compact ? styles.compact : ''}`}
      data-testid={`plan-${item.sku}`}
    >
      {popular ? <span className={styles.tag}>{t('wallet.pricing.popular')}</span> : null}
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
  layout = 'cards',
  compact = false,
  singlePopular = false,
  abtest,
}: {
  product: 'ai-covers' | 'headshots';
  returnPath: string;
  layout?: 'cards' | 'table';
  /** Small cards (a phone's dialog). */
  compact?: boolean;
  /**
   * One "Most popular" in all that is shown (the first plan the cart marks): in a dialog the groups
   * sit together, and two tags there would each say less.
   */
  singlePopular?: boolean;
  abtest?: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const cart = useCart(product, i18n.language, abtest);
  const { buy, pendingSku, error } = useBuy(returnPath);
  if (cart.isPending) return <p className={styles.muted}>{t('common.loading')}</p>;
  if (cart.isError) return <p className={styles.error}>{cart.error.message}</p>;
  const groups: [string, CatalogItem[]][] = [
    [t('wallet.pricing.memberships'), cart.data.subscription],
    [
      product === 'headshots' ? t('wallet.pricing.headshotPacks') : t('wallet.pricing.creditPacks'),
      cart.data.package,
    ],
  ];
  const firstPopular = groups.flatMap(([, items]) => items).find((item) => item.popular)?.sku;
  const isPopular = (item: CatalogItem) => (singlePopular ? item.sku === firstPopular : item.popular);
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
          <section key={title} className={styles.group}>
            <h2 className={styles.groupTitle}>{title}</h2>
            {layout === 'table' && !compact ? (
              <PlanTable items={items} pendingSku={pendingSku} onBuy={(sku) => void buy(sku)} />
            ) : (
              <div className={styles.grid}>
                {items.map((item) => (
                  <PlanCard
                    key={item.sku}
                    item={item}
                    popular={isPopular(item)}
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
