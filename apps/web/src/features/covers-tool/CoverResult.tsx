import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COVER_LIMITS, TaskStatus, type CoverTask } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { BeforeAfter } from './BeforeAfter';
import { sampleDataOf } from './studio-files';
import { CoverDownloadDialog } from './CoverDownloadDialog';
import { MixControls } from './MixControls';
import { useResumeDownload } from './resume-download';
import { useStableUrl } from './stable-url';
import { FeedbackDialog } from '../../shared/feedback/FeedbackDialog';
import { useFeedback } from '../../shared/feedback/feedback-api';
import { CoverShareButton } from '../cover-art';
import styles from './CoversTool.module.css';

/**
 * A cover's free watermarked preview (against the original), and once the cover is finished its
 * mix controls and the download popup (one paid download unlocks every format). A running render
 * stores its preview first: it plays here before the rest of the song is made, and keeps playing
 * when the cover finishes (the player stays the same element).
 */
export function CoverResult({ task }: { task: CoverTask }) {
  const { t } = useTranslation();
  const captionId = useId();
  const previewUrl = useStableUrl(task.preview_url);
  const finished = task.status === TaskStatus.done;
  const [downloading, setDownloading] = useState(false);
  // A download held up by the sign-in or by credits comes back here by itself.
  const resumed = useResumeDownload(task);
  const offer = resumed.offer;
  const closeDownload = () => {
    setDownloading(false);
    resumed.dismiss();
  };
  const [heard, setHeard] = useState(false);
  // 'offered': opened by itself after listening (only when this account has not rated yet);
  // 'asked': the visitor pressed "Rate this cover".
  const [dialog, setDialog] = useState<'closed' | 'offered' | 'asked'>('closed');
  const feedback = useFeedback('ai-covers', task.task_id, heard);
  // Offered once, after the cover was heard, unless this account already rated it.
  const handleHeard = () => {
    if (heard) return;
    setHeard(true);
    const asked = `ai-covers.feedback-asked.${task.task_id}`;
    if (sessionStorage.getItem(asked)) return;
    sessionStorage.setItem(asked, '1');
    setDialog('offered');
  };
  // Once shown, the offered dialog stays until closed: sending the rating fills `feedback`, and
  // the dialog must still be there to thank for it.
  if (dialog === 'offered' && feedback.data !== undefined && feedback.data.feedback === null)
    setDialog('asked');
  const dialogOpen = dialog === 'asked';

  return (
    <section className={styles.result} aria-labelledby={captionId}>
      <h2 id={captionId} className={styles.subtitle}>
        {t('coversTool.task.previewTitle', { count: COVER_LIMITS.previewSeconds })}
      </h2>
      <p className={styles.muted}>
        {finished
          ? t('coversTool.task.previewNote', { count: COVER_LIMITS.previewSeconds })
          : t('coversTool.task.previewEarly')}
      </p>
      {previewUrl ? (
        <BeforeAfter
          sample={sampleDataOf(task, previewUrl)}
          previewStart={task.preview_start ?? 0}
          labelledBy={captionId}
          // Rating is offered for the finished cover; listening before it ends counts from then.
          onHeard={finished ? handleHeard : undefined}
        />
      ) : null}
      {finished ? (
        <div className={styles.actions}>
          <button type="button" className={ui.button} onClick={() => setDownloading(true)}>
            {task.paid
              ? t('coversTool.task.downloadAgain')
              : t('coversTool.task.downloadFull', { count: task.download_cost })}
          </button>
          <CoverShareButton taskId={task.task_id} title={task.title} />
        </div>
      ) : null}
      {finished && heard ? (
        <div className={styles.actions}>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setDialog('asked')}>
            {t('coversTool.task.rate')}
          </button>
        </div>
      ) : null}
      {finished && task.remixable ? <MixControls task={task} /> : null}
      <FeedbackDialog
        kind="ai-covers"
        subjectId={task.task_id}
        open={dialogOpen}
        onClose={() => setDialog('closed')}
      />
      {finished && (downloading || offer) ? (
        <CoverDownloadDialog
          key={offer?.key ?? 0}
          task={task}
          open
          onClose={closeDownload}
          initialFormat={offer?.format}
          autoStart={offer?.auto ?? false}
        />
      ) : null}
    </section>
  );
}
