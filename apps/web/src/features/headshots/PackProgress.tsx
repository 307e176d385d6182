import { useTranslation } from 'react-i18next';
import type { HeadshotPack } from '@ai-covers/contracts';
import { ProgressBar } from '../../shared/progress/ProgressBar';
import styles from './Headshots.module.css';

/** §9: the headshot progress bar is purple with a stroke of 8. */
const HEADSHOT_BAR = { color: 'var(--color-purple)', strokeWidth: 8 } as const;

/** Minutes left, rounded up; null when the server has no estimate. */
export function minutesLeft(seconds: number | null): number | null {
  return seconds === null ? null : Math.max(1, Math.ceil(seconds / 60));
}

/** A generating pack: real progress, what the worker is doing, the measured time left, the e-mail. */
export function PackProgress({ pack }: { pack: HeadshotPack }) {
  const { t } = useTranslation();
  const minutes = minutesLeft(pack.estimate_seconds);
  return (
    <div className={styles.stack} data-testid="pack-generating">
      <ProgressBar
        status="start"
        percentage={Math.round(pack.progress * 100)}
        inline
        tips={
          pack.stage
            ? t(`headshots.pack.stage.${pack.stage}`, { defaultValue: t('headshots.pack.generating') })
            : null
        }
        {...HEADSHOT_BAR}
      />
      <p className={styles.small}>
        {t('headshots.pack.delivered', { delivered: pack.delivered, total: pack.count })}
        {minutes !== null ? ` · ${t('headshots.pack.estimate', { n: minutes })}` : ''}
      </p>
      <p className={styles.small}>{t('headshots.pack.wait')}</p>
      <p className={styles.small}>{t('headshots.pack.email')}</p>
    </div>
  );
}
