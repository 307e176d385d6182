import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/error-messages';
import { ui } from '../../shared/ui/PageIntro';
// The panel sits inside the credits page and shares its look.
import { useCreditsAccount, walletStyles as styles } from '../credits';
import { useOrders, useRefund } from './pricing-api';

/** The Memberships tab of the credits page: periods and the orders behind them, with the 30-day refund. */
export function MembershipsPanel() {
  const { t } = useTranslation();
  const account = useCreditsAccount();
  const orders = useOrders(true);
  const refund = useRefund();
  const periods = account.data?.memberships ?? [];
  return (
    <>
      {periods.length === 0 ? (
        <p className={styles.empty}>{t('wallet.account.free')}</p>
      ) : (
        <ul className={styles.menuList} data-testid="membership-list">
          {periods.map((m) => (
            <li key={`${m.plan}-${m.starts_at}`}>
              {t(`wallet.period.${m.plan}`)}: {m.starts_at} – {m.expire_time}{' '}
              {m.active ? `· ${t('wallet.records.active')}` : ''}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('wallet.records.orders')}</h3>
      {refund.error ? <p className={styles.error}>{errorText(t, refund.error)}</p> : null}
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="order-list">
          <tbody>
            {(orders.data?.rows ?? []).map((o) => (
              <tr key={o.id}>
                <td>{o.created_at}</td>
                <td>{t(`wallet.sku.${o.sku}`)}</td>
                <td>{t(`wallet.orderStatus.${o.status}`)}</td>
                <td>
                  {o.refundable ? (
                    <button
                      type="button"
                      className={`${ui.button} ${ui.secondary}`}
                      disabled={refund.isPending}
                      onClick={() => refund.mutate(o.id)}
                    >
                      {t('wallet.records.refund')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
