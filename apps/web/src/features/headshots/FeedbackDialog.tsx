import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { HEADSHOT_FEEDBACK_OPTIONS } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { errorText } from '../../shared/api/error-messages';
import dialog from '../../shared/ui/dialog.module.css';
import { useSendHeadshotFeedback } from './headshots-api';
import styles from './Headshots.module.css';

/**
 * The feedback dialog of §2 for one pack: a star rating, what we can improve (low quality or
 * blurry, the style, the likeness, other) and a free text. It is also how "contact us" reaches us
 * about a pack, so the pack goes with it.
 */
export function FeedbackDialog({
  packId,
  open,
  title,
  onClose,
}: {
  packId: string;
  open: boolean;
  title?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const send = useSendHeadshotFeedback(packId);
  const [rating, setRating] = useState(0);
  const [options, setOptions] = useState<string[]>([]);
  const [suggestion, setSuggestion] = useState('');

  function toggle(option: string) {
    setOptions((list) => (list.includes(option) ? list.filter((o) => o !== option) : [...list, option]));
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content className={dialog.dialog} data-testid="feedback-dialog">
          <Dialog.Title className={dialog.title}>{title ?? t('headshots.feedback.title')}</Dialog.Title>
          {send.isSuccess ? (
            <>
              <Dialog.Description role="status">{t('headshots.feedback.thanks')}</Dialog.Description>
              <div className={dialog.actions}>
                <Dialog.Close asChild>
                  <button type="button" className={ui.button}>
                    {t('common.close')}
                  </button>
                </Dialog.Close>
              </div>
            </>
          ) : (
            <>
              <Dialog.Description>{t('headshots.feedback.lead')}</Dialog.Description>
              <div role="radiogroup" aria-label={t('headshots.feedback.rating')} className={styles.stars}>
                {[1, 2, 3, 4, 5].map((n) => (
                  <button
                    key={n}
                    type="button"
                    role="radio"
                    aria-checked={rating === n}
                    aria-label={t('headshots.feedback.stars', { count: n })}
                    className={n <= rating ? `${styles.star} ${styles.starOn}` : styles.star}
                    onClick={() => setRating(n)}
                  >
                    ★
                  </button>
                ))}
              </div>
              <fieldset className={styles.fieldset}>
                <legend>{t('headshots.feedback.improve')}</legend>
                {HEADSHOT_FEEDBACK_OPTIONS.map((o) => (
                  <label key={o} className={styles.choice}>
                    <input type="checkbox" checked={options.includes(o)} onChange={() => toggle(o)} />
                    {t(`headshots.feedback.options.${o}`)}
                  </label>
                ))}
              </fieldset>
              <label className={styles.fieldLabel}>
                {t('headshots.feedback.suggestion')}
                <textarea
                  className={styles.textarea}
                  maxLength={1000}
                  value={suggestion}
                  onChange={(e) => setSuggestion(e.target.value)}
                />
              </label>
              {send.isError ? (
                <p role="alert" className={dialog.error}>
                  {errorText(t, send.error, 'errors.generic')}
                </p>
              ) : null}
              <div className={dialog.actions}>
                <Dialog.Close asChild>
                  <button type="button" className={`${ui.button} ${ui.secondary}`}>
                    {t('common.cancel')}
                  </button>
                </Dialog.Close>
                <button
                  type="button"
                  className={ui.button}
                  disabled={rating === 0 || send.isPending}
                  onClick={() => send.mutate({ rating, options, suggestion })}
                >
                  {t('headshots.feedback.send')}
                </button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
