import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useWalletDialogs, WalletDialog } from '../credits';
import { PricingPlans } from './PricingPlans';

/**
 * The pricing dialog in its dark and light themes (§2). Phones get the light one, the dark one
 * shows the cart in place when a new window cannot open. Both list every option the pricing page
 * has (a phone must not lose the small pack), with one "Most popular"; phones in small cards.
 */
export function PricingDialog() {
  const { t } = useTranslation();
  const theme = useWalletDialogs((s) => s.pricing);
  const close = useWalletDialogs((s) => s.closePricingDialog);
  const returnPath = useWalletDialogs((s) => s.pricingReturnPath);
  const location = useLocation();
  return (
    <WalletDialog
      open={theme !== null}
      onOpenChange={(o) => (o ? undefined : close())}
      title={t('wallet.pricing.title')}
      testId={`pricing-dialog-${theme ?? 'light'}`}
      theme={theme ?? 'light'}
      wide={theme === 'dark'}
    >
      <p>{t('wallet.prompt')}</p>
      <PricingPlans
        product="ai-covers"
        returnPath={returnPath ?? location.pathname}
        compact={theme === 'light'}
        singlePopular
      />
    </WalletDialog>
  );
}
