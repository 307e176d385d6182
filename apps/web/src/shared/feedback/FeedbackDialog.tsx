import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_OPTIONS,
  FEEDBACK_SUGGESTION_MAX,
  type FeedbackKind,
  type FeedbackOption,
} from '@ai-covers/contracts';
import { errorText } from '../api/error-messages';
import { ui } from '../ui/PageIntro';
import dialog from '../ui/dialog.module.css';
import { useSendFeedback } from './feedback-api';
import styles from './feedback.module.css';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The feedback dialog (§2): a star rating, "what can we improve" with the four options (worded
 * for the product through `kind`), a suggestion, submit. One component for every product: covers
 * rate a task, headshots a pack.
 */
export function FeedbackDialog({
  kind,
  subjectId,
  open,
  title,
  onClose,
}: {
  kind: FeedbackKind;
  subjectId: string;
  open: boolean;
  /** Another heading where the form serves another purpose (headshots' "contact us"). */
  title?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const send = useSendFeedback(kind, subjectId);
  const [rating, setRating] = useState(0);
  const [options, setOptions] = useState<FeedbackOption[]>([]);
  const [suggestion, setSuggestion] = useState('');
  const [missingRating, setMissingRating] = useState(false);

  const toggle = (option: FeedbackOption) =>
    setOptions((list) => (list.includes(option) ? list.filter((o) => o !== option) : [...list, option]));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === 0) return setMissingRating(true);
    send.mutate({ kind, subject_id: subjectId, rating, options, suggestion });
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content className={dialog.dialog} aria-describedby={undefined} data-testid="feedback-dialog">
          <Dialog.Title className={dialog.title}>{title ?? t('feedback.title')}</Dialog.Title>
          {send.isSuccess ? (
            <>
              <p role="status">{t('feedback.thanks')}</p>
              <div className={dialog.actions}>
                <Dialog.Close asChild>
                  <button type="button" className={ui.button}>
                    {t('feedback.close')}
                  </button>
                </Dialog.Close>
              </div>
            </>
          ) : (
            <form className={styles.form} onSubmit={handleSubmit} noValidate>
              <fieldset className={styles.stars}>
                <legend>{t('feedback.rating')}</legend>
                {STARS.map((n) => (
                  <label key={n} className={n <= rating ? styles.starOn : styles.star}>
                    <input
                      type="radio"
                      name={`${ids}-rating`}
                      value={n}
                      checked={rating === n}
                      className={styles.hidden}
                      onChange={() => {
                        setRating(n);
                        setMissingRating(false);
                      }}
                    />
                    <span aria-hidden="true">★</span>
                    <span className={styles.hidden}>{t('feedback.star', { count: n })}</span>
                  </label>
                ))}
              </fieldset>
              <fieldset className={styles.options}>
                <legend>{t('feedback.improve')}</legend>
                {FEEDBACK_OPTIONS.map((option) => (
                  <label key={option}>
                    <input
                      type="checkbox"
                      checked={options.includes(option)}
                      onChange={() => toggle(option)}
                    />{' '}
                    {t(`feedback.options.${kind}.${option}`)}
                  </label>
                ))}
              </fieldset>
              <label htmlFor={`${ids}-suggestion`}>{t('feedback.suggestion')}</label>
              <textarea
                id={`${ids}-suggestion`}
                rows={3}
                maxLength={FEEDBACK_SUGGESTION_MAX}
                value={suggestion}
                onChange={(event) => setSuggestion(event.target.value)}
              />
              {missingRating || send.error ? (
                <p role="alert" className={dialog.error}>
                  {missingRating ? t('feedback.needRating') : errorText(t, send.error)}
                </p>
              ) : null}
              <div className={dialog.actions}>
                <Dialog.Close asChild>
                  <button type="button" className={`${ui.button} ${ui.secondary}`}>
                    {t('feedback.later')}
                  </button>
                </Dialog.Close>
                <button type="submit" className={ui.button} disabled={send.isPending}>
                  {t('feedback.submit')}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
