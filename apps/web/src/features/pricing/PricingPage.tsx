import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSafeReturnPath } from '@ai-covers/contracts';
import { useAbPlan } from '../../shared/ab/use-ab-plan';
import { PageIntro, ui } from '../../shared/ui/PageIntro';
import { RETURN_PARAM } from '../credits';
import { CheckoutReturn } from './CheckoutResult';
import { PricingPlans } from './PricingPlans';
import { FamilyPlans } from './FamilyPlans';
import styles from './pricing.module.css';

/**
 * The pricing page (§2): basic and pro plans, 'most popular' tag, buy now. Plan 2 of the purchase
 * test (§9, English only) shows the alternative layout and asks the cart for that plan.
 */
export function PricingPage() {
  const { t, i18n } = useTranslation();
  const purchaseTest = useAbPlan('purchase_test');
  const [params, setParams] = useSearchParams();
  const product = params.get('product') === 'headshots' ? 'headshots' : 'ai-covers';
  const lang = i18n.language;
  // Opened from a page of the app (the cover whose download needed credits): the checkout goes
  // back there. Anything that is not a path inside the app is ignored (the server checks it too).
  const asked = params.get(RETURN_PARAM);
  const cameFrom = asked && isSafeReturnPath(asked) ? asked : null;
  const returnPath =
    cameFrom ??
    `${lang !== 'en' ? `/${lang}` : ''}/pricing${product === 'headshots' ? '?product=headshots' : ''}`;
  const choose = (next: 'ai-covers' | 'headshots') =>
    setParams({
      ...(next === 'headshots' ? { product: next } : {}),
      ...(cameFrom ? { [RETURN_PARAM]: cameFrom } : {}),
    });
  return (
    <>
      <PageIntro title={t('wallet.pricing.title')} lead={t('wallet.prompt')} />
      <CheckoutReturn />
      {cameFrom ? (
        <p>
          <Link to={cameFrom.split('?')[0]!} data-testid="pricing-back">
            ← {t('wallet.pricing.back')}
          </Link>
        </p>
      ) : null}
      <div className={styles.switch} role="group" aria-label={t('wallet.pricing.product')}>
        {(['ai-covers', 'headshots'] as const).map((p) => (
          <button
            key={p}
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            // The build's prerender (decision 240) is sent for any query: none pressed until the app runs.
            aria-pressed={import.meta.env.SSR ? undefined : product === p}
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
      <FamilyPlans />
    </>
  );
}
