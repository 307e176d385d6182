import { useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { HEADSHOT_LIMITS } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import dialog from '../../shared/ui/dialog.module.css';
import styles from './Headshots.module.css';

/**
 * The upload-requirements popup (§2, §5): what makes a usable photo, the terms and the privacy
 * policy. Nothing is uploaded before the box is ticked; `onAccept` runs inside the click, so the
 * caller may open the file picker from it.
 */
export function RequirementsDialog({
  open,
  onAccept,
  onClose,
}: {
  open: boolean;
  onAccept: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useState(false);
  const boxId = useId();
  const limits = {
    min: HEADSHOT_LIMITS.minPhotos,
    max: HEADSHOT_LIMITS.maxPhotos,
    minWidth: HEADSHOT_LIMITS.minWidth,
    minHeight: HEADSHOT_LIMITS.minHeight,
    maxWidth: HEADSHOT_LIMITS.maxWidth,
    maxHeight: HEADSHOT_LIMITS.maxHeight,
    days: HEADSHOT_LIMITS.retentionDays,
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content className={`${dialog.dialog} ${styles.wideDialog}`} data-testid="requirements-dialog">
          <Dialog.Title className={dialog.title}>{t('headshots.requirements.title')}</Dialog.Title>
          <Dialog.Description>{t('headshots.requirements.lead', limits)}</Dialog.Description>
          <div className={styles.scrollBox}>
            <h3 className={styles.smallHeading}>{t('headshots.requirements.photosTitle')}</h3>
            <ul className={ui.list}>
              <li>{t('headshots.requirements.count', { min: limits.min, count: limits.max })}</li>
              <li>{t('headshots.requirements.formats', limits)}</li>
              <li>{t('headshots.requirements.alone')}</li>
              <li>{t('headshots.requirements.face')}</li>
              <li>{t('headshots.requirements.light')}</li>
              <li>{t('headshots.requirements.variety')}</li>
            </ul>
            <h3 className={styles.smallHeading}>{t('headshots.requirements.termsTitle')}</h3>
            <p className={styles.small}>{t('headshots.requirements.terms')}</p>
            <h3 className={styles.smallHeading}>{t('headshots.requirements.privacyTitle')}</h3>
            <p className={styles.small}>{t('headshots.requirements.privacy', { count: limits.days })}</p>
          </div>
          <label htmlFor={boxId} className={styles.agree}>
            <input
              id={boxId}
              type="checkbox"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              data-testid="requirements-agree"
            />
            <span>{t('headshots.requirements.agree')}</span>
          </label>
          <div className={dialog.actions}>
            <Dialog.Close asChild>
              <button type="button" className={`${ui.button} ${ui.secondary}`}>
                {t('common.cancel')}
              </button>
            </Dialog.Close>
            <button type="button" className={ui.button} disabled={!agreed} onClick={onAccept}>
              {t('headshots.requirements.accept')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
