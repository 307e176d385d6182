import { useTranslation } from 'react-i18next';
import { CREDIT_COSTS, TOOL_KINDS } from '@ai-covers/contracts';
import { PageIntro, ui } from '../../shared/ui/PageIntro';
import { openPricing } from './open-pricing';
import styles from './wallet.module.css';

/** The credit page (§2): why generation costs money, what a credit buys, and 'get credit now'. */
export function CreditPage() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <PageIntro title={t('wallet.creditPage.title')} lead={t('wallet.creditPage.lead')} />
      {/* The credit banner stays usable for signed-out visitors under the login test (§5). */}
      <section className={ui.card} data-credit-banner>
        <p>{t('wallet.creditPage.why')}</p>
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="credit-costs">
            <thead>
              <tr>
                <th>{t('wallet.creditPage.tool')}</th>
                <th>{t('wallet.creditPage.cost')}</th>
              </tr>
            </thead>
            <tbody>
              {TOOL_KINDS.map((kind) => {
                const c = CREDIT_COSTS[kind];
                return (
                  <tr key={kind}>
                    <td>{t(`wallet.tools.${kind}`)}</td>
                    <td>
                      {c.unit === 'count'
                        ? t('wallet.creditPage.perUse', { count: c.credits })
                        : t('wallet.creditPage.perSeconds', { count: c.credits, seconds: c.unitSize })}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className={styles.muted}>{t('wallet.facts.validity')}</p>
        <div className={styles.actions}>
          <button
            type="button"
            className={ui.button}
            onClick={() => openPricing({ lang: i18n.language })}
            data-testid="get-credit-now"
          >
            {t('wallet.creditPage.cta')}
          </button>
        </div>
      </section>
    </>
  );
}
