import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { splitLanguageSegment } from '../../features/language';
import { usePrefetchCategoriesOnNavigate } from '../../features/categories';
import { useScrollTopOnChange } from '../../shared/hooks/use-scroll-top';
import { Header } from './Header';
import { Footer } from './Footer';
import { Notices } from './Notices';
import { WalletRoot } from '../../features/credits';
import { PricingRoot } from '../../features/pricing';
import { AuthRoot } from '../../features/auth';
import { useAnalyticsSession } from './use-analytics-session';
import styles from './AppLayout.module.css';

/** The shared page frame with the effects every navigation triggers (§2). */
export function AppLayout() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const routePath = splitLanguageSegment(location.pathname).rest;

  useScrollTopOnChange(location.pathname);
  usePrefetchCategoriesOnNavigate(routePath, i18n.language);
  useAnalyticsSession(i18n.language, routePath);

  return (
    <div className={styles.shell}>
      <Header />
      <main className={styles.main}>
        <Suspense fallback={<p className={styles.loading}>{t('common.loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Notices />
      <WalletRoot />
      <PricingRoot />
      <AuthRoot />
    </div>
  );
}
