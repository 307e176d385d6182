import { useTranslation } from 'react-i18next';
import type { CatalogItem } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { formatPrice } from './format-price';
import { MemberBenefits } from './MemberBenefits';
import styles from './pricing.module.css';

/**
 * The purchase test's alternative layout (§9, English only): one comparison table per group, the
 * highlighted plan first, each row with its price, what it gives and its own buy button.
 */
export function PlanTable({
  items,
  pendingSku,
  onBuy,
}: {
  items: CatalogItem[];
  pendingSku: string | null;
  onBuy: (sku: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const rows = [...items].sort((a, b) => Number(b.popular) - Number(a.popular));
  return (
    <table className={styles.table} data-testid="plan-table">
      <tbody>
        {rows.map((item) => (
          <tr
            key={item.sku}
            className={item.popular ? styles.popularRow : undefined}
            data-testid={`plan-${item.sku}`}
          >
            <th scope="row" className={styles.planName}>
              {t(`wallet.sku.${item.sku}`)}
              {item.popular ? <span className={styles.inlineTag}>{t('wallet.pricing.popular')}</span> : null}
            </th>
            <td className={styles.detail}>
              {item.type === 'package' ? (
                t('wallet.pricing.packDetail', { count: item.credits })
              ) : item.type === 'subscription' ? (
                <MemberBenefits item={item} />
              ) : (
                t('wallet.pricing.headshotDetail', { count: item.photos })
              )}
            </td>
            <td className={styles.tablePrice}>
              {formatPrice(item.price_cents, item.currency, i18n.language)}
              {item.plan ? <span className={styles.per}> / {t(`wallet.period.${item.plan}`)}</span> : null}
            </td>
            <td>
              <button
                type="button"
                className={item.popular ? ui.button : `${ui.button} ${ui.secondary}`}
                onClick={() => onBuy(item.sku)}
                disabled={pendingSku === item.sku}
                data-testid={`buy-${item.sku}`}
              >
                {pendingSku === item.sku ? t('wallet.pricing.redirecting') : t('wallet.pricing.buyNow')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
