import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageIntro, ui } from '../../shared/ui/PageIntro';
import { useCategories } from '../categories';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { formatServerDate } from '../../shared/format/format';
import { allVoices, STATUS_NAMES } from './cover-format';
import { useCoverList } from './covers-api';
import { errorText } from '../../shared/api/error-messages';
import { coverPaths } from './paths';
import styles from './CoversTool.module.css';
import { useMyVoiceNames } from '../my-voices';

/** My covers (covers): every task of this visitor or account, newest first. */
export function MyCoversPage() {
  const { t, i18n } = useTranslation();
  const langPath = useLangPath();
  const list = useCoverList();
  const voices = useCategories('covers', i18n.language);
  const voiceNames = new Map([
    ...useMyVoiceNames(),
    ...allVoices(voices.data).map((v) => [v.id, v.name] as const),
  ]);
  const createLink = (
    <Link to={langPath(coverPaths.create())} className={ui.button}>
      {t('coversTool.list.create')}
    </Link>
  );

  let body;
  if (list.isPending) body = <p className={styles.muted}>{t('common.loading')}</p>;
  else if (list.isError) {
    body = (
      <div className={styles.actions}>
        <p role="alert" className={styles.alert}>
          {errorText(t, list.error)}
        </p>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (list.data.length === 0) {
    body = (
      <div className={ui.card}>
        <p>{t('coversTool.list.empty')}</p>
        {createLink}
      </div>
    );
  } else {
    body = (
      <>
        <div className={styles.actions}>{createLink}</div>
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>{t('coversTool.list.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('coversTool.list.song')}</th>
              <th scope="col">{t('coversTool.list.voice')}</th>
              <th scope="col">{t('coversTool.list.date')}</th>
              <th scope="col">{t('coversTool.list.status')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((task) => (
              <tr key={task.task_id} data-testid="cover-row">
                <td>
                  <Link to={langPath(coverPaths.task(task.task_id))}>{task.title}</Link>
                </td>
                <td>{voiceNames.get(task.voice_id) ?? task.voice_name ?? task.voice_id}</td>
                <td>{formatServerDate(task.created_at)}</td>
                <td>
                  <span className={ui.badge}>
                    {t(`coversTool.status.${STATUS_NAMES[task.status] ?? 'waiting'}`)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  }

  return (
    <section className={styles.page}>
      <PageIntro title={t('coversTool.list.title')} lead={t('coversTool.list.lead')} />
      {body}
    </section>
  );
}
