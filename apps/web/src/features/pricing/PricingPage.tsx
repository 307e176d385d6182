import { useTranslation } from 'react-i18next';
import { PageIntro, ui } from '../../shared/ui/PageIntro';

/** Pricing shell: the wallet facts of §6/§9 until plans come from the cart. */
export function PricingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageIntro title={t('pricing.title')} lead={t('pricing.lead')} />
      <section className={ui.card}>
        <ul className={ui.list}>
          <li>{t('pricing.free')}</li>
          <li>{t('pricing.download')}</li>
          <li>{t('pricing.guarantee')}</li>
        </ul>
        <p>{t('pricing.plans')}</p>
        <span className={ui.badge}>{t('common.comingSoon')}</span>
      </section>
    </>
  );
}
