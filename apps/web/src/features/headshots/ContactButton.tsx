import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/PageIntro';
import { FeedbackDialog } from '../../shared/feedback/FeedbackDialog';

/**
 * "Contact us" (§2, §8): a message about the pack through the feedback form, which carries the pack
 * to us. A submit that made no pack has nothing to attach, so there it is not offered.
 */
export function ContactButton({ packId }: { packId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!packId) return null;
  return (
    <>
      <button
        type="button"
        className={`${ui.button} ${ui.secondary}`}
        onClick={() => setOpen(true)}
        data-testid="contact-us"
      >
        {t('headshots.result.contact')}
      </button>
      <FeedbackDialog
        kind="headshots"
        subjectId={packId}
        open={open}
        title={t('headshots.result.contact')}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
