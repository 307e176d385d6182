import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CoverTask } from '@ai-covers/contracts';
import styles from './CoversTool.module.css';

/** Under 90 s an estimate reads in seconds (rounded to 5 above 10 s), beyond it in whole minutes. */
export function etaText(t: TFunction, seconds: number): string {
  if (seconds < 90) {
    const count = seconds <= 10 ? Math.max(1, Math.round(seconds)) : Math.round(seconds / 5) * 5;
    return t('coversTool.task.etaSeconds', { count });
  }
  return t('coversTool.task.etaMinutes', { count: Math.round(seconds / 60) });
}

/**
 * The render's step as the engine reports it, and how long it should still take: the server's
 * estimate (from the rate this run has measured) counted down here between two answers.
 */
export function TaskProgressNote({ task }: { task: Pick<CoverTask, 'stage' | 'eta_seconds'> }) {
  const { t } = useTranslation();
  const { stage, eta_seconds: eta } = task;
  const [received, setReceived] = useState(() => ({ eta, at: Date.now() }));
  const [now, setNow] = useState(() => Date.now());
  if (received.eta !== eta) setReceived({ eta, at: Date.now() });
  useEffect(() => {
    if (eta === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [eta]);
  if (!stage) return null;
  const left = received.eta === null ? null : Math.max(1, received.eta - (now - received.at) / 1000);
  return (
    <p className={styles.muted} data-testid="cover-stage">
      <span>{t(`coversTool.stage.${stage}`)}</span>
      {' · '}
      <span data-testid="cover-eta">
        {left === null ? t('coversTool.task.etaMeasuring') : etaText(t, left)}
      </span>
    </p>
  );
}
