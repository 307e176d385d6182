import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNoticeStore, type Notice } from '../../shared/api/notice-store';
import styles from './Notices.module.css';

const AUTO_DISMISS_MS = 5000;

/** Shows notices from the request layer (e.g. network failures) in the page language. */
export function Notices() {
  const notices = useNoticeStore((s) => s.notices);
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </div>
  );
}

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const dismiss = useNoticeStore((s) => s.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(notice.id), AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [dismiss, notice.id]);
  return (
    <div className={styles.notice}>
      <span>{t(notice.key, { defaultValue: notice.text })}</span>
      <button
        type="button"
        className={styles.close}
        onClick={() => dismiss(notice.id)}
        aria-label={t('common.close')}
      >
        ×
      </button>
    </div>
  );
}
