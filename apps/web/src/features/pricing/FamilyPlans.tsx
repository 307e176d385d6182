import { useTranslation } from 'react-i18next';
import { FAMILY_UPLOAD_LIMITS } from '@ai-covers/contracts';
import styles from './pricing.module.css';

/**
 * What the family's plan names and pro benefits mean here (§3 plan names, §5 upload sizes, §6
 * member export). The account and pricing are shared, so visitors arrive with the other tools'
 * words; each is said for what it is on this site or in which tool it applies (decision 171).
 */
export function FamilyPlans() {
  const { t } = useTranslation();
  return (
    <section className={styles.family} aria-labelledby="family-plans-title">
      <h2 id="family-plans-title">{t('wallet.family.title')}</h2>
      <ul>
        <li>{t('wallet.family.standard')}</li>
        <li>{t('wallet.family.notSold')}</li>
        <li>{t('wallet.family.export')}</li>
        <li>
          {t('wallet.family.uploads', {
            videoBackground: FAMILY_UPLOAD_LIMITS.videoBackgroundRemoverProMb,
            videoEffects: FAMILY_UPLOAD_LIMITS.videoEffectsProGb,
          })}
        </li>
      </ul>
    </section>
  );
}
