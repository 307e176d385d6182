import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeadshotMsg, type HeadshotPack } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { headshotPaths } from './paths';
import styles from './Headshots.module.css';

/**
 * A paid pack whose photos could not make it was given back unused, its photos returned to the
 * upload page (decision 166). A retry would fail the same way, so the way on is a new submit.
 */
export const givenBack = (pack: Pick<HeadshotPack, 'status' | 'error'>) =>
  pack.status === 'failure' && pack.error === HeadshotMsg.packGivenBack;

export function GivenBackNote() {
  const { t } = useTranslation();
  const langPath = useLangPath();
  return (
    <>
      <p className={styles.small} data-testid="pack-given-back">
        {t('errors.headshots.packGivenBack')}
      </p>
      <Link to={langPath(headshotPaths.upload)} className={ui.button} data-testid="to-upload">
        {t('headshots.submit.addPhotos')}
      </Link>
    </>
  );
}
