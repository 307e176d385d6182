import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  HEADSHOT_LIMITS,
  HEADSHOT_MULTIPLE_RUN_PER_STYLE,
  HEADSHOT_PREVIEW_COUNT,
  type HeadshotPlansData,
} from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { errorText } from '../../shared/api/error-messages';
import { useStartFreeRun, type FreeRun } from './headshots-api';
import styles from './Headshots.module.css';

/**
 * The §9 A/B tests the server has turned on for this account (plan 2): a free watermarked trial
 * result before paying (four per style with multiple run), and free previews while choosing a plan.
 */
export function FreeRunActions({
  plans,
  photoIds,
  styleIds,
  agreed,
  toResult,
}: {
  plans: HeadshotPlansData;
  photoIds: string[];
  styleIds: string[];
  agreed: boolean;
  toResult: (packId: string) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartFreeRun();
  const trial = plans.ab.trial && !plans.trial_used;
  if (!trial && !plans.ab.pre_generation) return null;
  const ready = agreed && photoIds.length > 0 && styleIds.length > 0;
  const perStyle = plans.ab.multiple_run ? HEADSHOT_MULTIPLE_RUN_PER_STYLE : 1;

  function run(which: FreeRun) {
    // The trial is the single-photo mode of §5: it is made from the first approved photo alone.
    const photos = which === 'trial' ? photoIds.slice(0, HEADSHOT_LIMITS.singlePhotoModePhotos) : photoIds;
    start.mutate(
      { run: which, photo_ids: photos, styles: styleIds },
      { onSuccess: ({ pack }) => void navigate(toResult(pack.id)) },
    );
  }

  return (
    <div className={styles.shareBox} data-testid="free-runs">
      <p className={styles.small}>{t('headshots.free.note')}</p>
      {trial ? <p className={styles.small}>{t('headshots.free.singlePhoto')}</p> : null}
      <div className={styles.actionsRow}>
        {trial ? (
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            disabled={!ready || start.isPending}
            onClick={() => run('trial')}
            data-testid="free-trial"
          >
            {t('headshots.free.trial', { count: perStyle * styleIds.length || perStyle })}
          </button>
        ) : null}
        {plans.ab.pre_generation ? (
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            disabled={!ready || start.isPending}
            onClick={() => run('previews')}
            data-testid="free-previews"
          >
            {t('headshots.free.previews', { count: HEADSHOT_PREVIEW_COUNT })}
          </button>
        ) : null}
      </div>
      {start.isError ? (
        <p role="alert" className={styles.error}>
          {errorText(t, start.error, 'errors.generic')}
        </p>
      ) : null}
    </div>
  );
}
