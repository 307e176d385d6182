import { useTranslation } from 'react-i18next';
import { CREDIT_COSTS, type CatalogItem } from '@ai-covers/contracts';
import styles from './pricing.module.css';

/** The other tools' monthly member allowances (§6), read from the shared rules, never retyped. */
const OTHER_TOOLS = {
  removals: CREDIT_COSTS.bgremover.memberAllowance ?? 0,
  minutes: Math.round((CREDIT_COSTS['video-enhancer'].memberAllowance ?? 0) / 60),
};

/**
 * What a membership gives on this site: every full cover download without credits, every format,
 * for its days, with no renewal. The family's other tools share the account and pricing, so their
 * allowances (§6) are named too, but only as what they are: benefits in the other tools.
 */
export function MemberBenefits({ item, compact = false }: { item: CatalogItem; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.benefits} data-testid={`benefits-${item.sku}`}>
      <li>{t('wallet.pricing.member.downloads')}</li>
      <li>{t('wallet.pricing.member.formats')}</li>
      <li>{t('wallet.pricing.member.period', { count: item.period_days })}</li>
      {compact ? null : (
        <li className={styles.otherTools}>
          {t('wallet.pricing.member.otherTools', {
            removals: t('wallet.pricing.member.units.removals', { count: OTHER_TOOLS.removals }),
            minutes: t('wallet.pricing.member.units.minutes', { count: OTHER_TOOLS.minutes }),
          })}
        </li>
      )}
    </ul>
  );
}
