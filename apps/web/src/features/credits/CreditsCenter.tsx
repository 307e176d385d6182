import { useState, type ReactNode } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AcquisitionRecord, ConsumptionRecord } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { useAcquisitions, useConsumptions, useCreditsAccount } from './credits-api';
import styles from './wallet.module.css';

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / 20));
  if (pages === 1) return null;
  return (
    <div className={styles.pager}>
      <button
        type="button"
        className={`${ui.button} ${ui.secondary}`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('wallet.records.prev')}
      </button>
      <span>{t('wallet.records.page', { page, pages })}</span>
      <button
        type="button"
        className={`${ui.button} ${ui.secondary}`}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('wallet.records.next')}
      </button>
    </div>
  );
}

/** The details column in the reader's language: the pack bought, or the tool whose points converted. */
function acquisitionDetails(r: AcquisitionRecord, t: TFunction): string {
  if (r.type === 'purchase') return t(`wallet.sku.${r.details}`, { defaultValue: '' });
  if (r.type === 'conversion') return t(`wallet.tools.${r.details}`, { defaultValue: '' });
  return '';
}

/**
 * The details column of a charge: how it was paid, then what it paid for as the feature that owns
 * the task named it (a cover's song and voice), or that it was deleted. Raw task ids mean nothing
 * to a reader, so a charge nobody describes shows how it was paid only.
 */
function consumptionDetails(r: ConsumptionRecord, t: TFunction): string {
  const paid = r.type === 'membership' ? t('wallet.records.membership') : t('wallet.records.credits');
  const s = r.subject;
  if (!s) return paid;
  if (s.deleted)
    return `${paid} · ${r.kind === 'ai-covers' ? t('wallet.records.deletedCover') : t('wallet.records.deleted')}`;
  const what = s.voice ? t('wallet.records.coverOf', { title: s.title, voice: s.voice }) : (s.title ?? '');
  return what ? `${paid} · ${what}` : paid;
}

/**
 * One page of records as a table with its pager: the loading and empty states, the header row,
 * then a row per record (`cells` gives the cells of one record).
 */
function RecordsTable<T extends { id: number }>({
  testId,
  useRecords,
  headers,
  cells,
}: {
  testId: string;
  useRecords: (page: number) => { data?: { rows: T[]; total: number }; error: Error | null };
  headers: string[];
  cells: (record: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useRecords(page);
  if (!q.data) return <p className={styles.empty}>{q.error?.message ?? t('common.loading')}</p>;
  if (q.data.total === 0) return <p className={styles.empty}>{t('wallet.records.none')}</p>;
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid={testId}>
          <thead>
            <tr>
              {headers.map((h) => (
                <th key={h}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {q.data.rows.map((r) => (
              <tr key={r.id}>{cells(r)}</tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} total={q.data.total} onPage={setPage} />
    </>
  );
}

function Acquisitions() {
  const { t } = useTranslation();
  return (
    <RecordsTable<AcquisitionRecord>
      testId="acquisition-records"
      useRecords={useAcquisitions}
      headers={['date', 'type', 'details', 'amount', 'expiry'].map((h) => t(`wallet.records.${h}`))}
      cells={(r) => (
        <>
          <td>{r.date}</td>
          <td>{t(`wallet.source.${r.type}`)}</td>
          <td>
            {acquisitionDetails(r, t)}
            {r.refunded > 0 ? ` · ${t('wallet.records.refunded', { count: r.refunded })}` : ''}
          </td>
          <td className={styles.plus}>+{r.amount}</td>
          <td>{r.expired ? t('wallet.records.expired') : r.expiry}</td>
        </>
      )}
    />
  );
}

function Consumptions() {
  const { t } = useTranslation();
  return (
    <RecordsTable<ConsumptionRecord>
      testId="consumption-records"
      useRecords={useConsumptions}
      headers={['date', 'type', 'details', 'amount'].map((h) => t(`wallet.records.${h}`))}
      cells={(r) => (
        <>
          <td>{r.date}</td>
          <td>{t(`wallet.tools.${r.kind}`)}</td>
          <td data-testid="consumption-details">{consumptionDetails(r, t)}</td>
          <td className={styles.minus}>−{r.amount}</td>
        </>
      )}
    />
  );
}

/**
 * The account center's credits page (§2): balance, records, Credits and Memberships tabs. The
 * Memberships tab shows what the page that uses this puts there (the memberships and their orders
 * belong to pricing).
 */
export function CreditsCenter({ memberships }: { memberships: ReactNode }) {
  const { t } = useTranslation();
  const account = useCreditsAccount();
  const a = account.data;
  return (
    <section className={ui.card} data-testid="credits-center">
      <p className={styles.muted}>{t('wallet.center.balance')}</p>
      <p className={styles.balance} data-testid="credits-center-balance">
        {a?.balance ?? '–'}
      </p>
      <div className={styles.stats}>
        <div className={styles.stat}>
          <strong>{a?.total ?? 0}</strong>
          {t('wallet.center.total')}
        </div>
        <div className={styles.stat}>
          <strong>{a?.gifted ?? 0}</strong>
          {t('wallet.center.gifted')}
        </div>
        <div className={styles.stat}>
          <strong>{a?.converted ?? 0}</strong>
          {t('wallet.center.converted')}
        </div>
        {/* Only accounts that came from the previous version have anything to show here. */}
        {a?.previous_version ? (
          <div className={styles.stat}>
            <strong>{a.previous_version}</strong>
            {t('wallet.center.previous')}
          </div>
        ) : null}
        <div className={styles.stat}>
          <strong>{a?.expired ?? 0}</strong>
          {t('wallet.center.expired')}
        </div>
      </div>
      {a?.next_expiry ? (
        <p className={styles.muted}>{t('wallet.center.nextExpiry', { date: a.next_expiry })}</p>
      ) : null}
      <Tabs.Root defaultValue="credits">
        <Tabs.List className={styles.tabList} aria-label={t('wallet.center.tabs')}>
          <Tabs.Trigger className={styles.tab} value="credits">
            {t('wallet.center.creditsTab')}
          </Tabs.Trigger>
          <Tabs.Trigger className={styles.tab} value="memberships">
            {t('wallet.center.membershipsTab')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="credits">
          <h3>{t('wallet.records.consumption')}</h3>
          <Consumptions />
          <h3>{t('wallet.records.acquisition')}</h3>
          <Acquisitions />
        </Tabs.Content>
        <Tabs.Content value="memberships">{memberships}</Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
