import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Msg, TaskStatus, type CoverTask } from '@ai-covers/contracts';
import { errorText } from '../../shared/api/error-messages';
import { useNoticeStore } from '../../shared/api/notice-store';
import { ProgressBar } from '../../shared/progress/ProgressBar';
import { ui } from '../../shared/ui/PageIntro';
import { useCategories } from '../categories';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { formatServerDate } from '../../shared/format/format';
import { allVoices, STATUS_NAMES, taskKeyLabel } from './cover-format';
import { CoverResult } from './CoverResult';
import { TaskProgressNote } from './TaskProgressNote';
import { useRenderProgress } from './render-progress';
import { CheckoutReturn } from '../pricing';
import { CoverArtEntry } from '../cover-art';
import { coverKeys, useCoverTaskQuery, useDeleteCover, useRetryCover } from './covers-api';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { isTerminal, useFollowCoverTask } from './follow-task';
import { coverPaths } from './paths';
import styles from './CoversTool.module.css';
import { useMyVoiceNames } from '../my-voices';

/** The task page (covers/:taskId): progress while it works, then the preview and the download. */
export function CoverTaskPage() {
  const { taskId = '' } = useParams();
  const { t } = useTranslation();
  const langPath = useLangPath();
  const query = useCoverTaskQuery(taskId);
  const task = query.data;
  const active = task !== undefined && !isTerminal(task.status);
  const followError = useFollowCoverTask(taskId, active);
  const loadError = query.error ?? followError;

  if (!task) {
    return (
      <section className={styles.page}>
        <Link to={langPath(coverPaths.list)} className={styles.back}>
          ← {t('coversTool.nav.myCovers')}
        </Link>
        {loadError ? (
          <ErrorText failure={loadError} />
        ) : (
          <p className={styles.muted}>{t('common.loading')}</p>
        )}
      </section>
    );
  }
  return <TaskView task={task} active={active} followError={followError} />;
}

function ErrorText({ failure }: { failure: unknown }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className={styles.alert}>
      {errorText(t, failure)}
    </p>
  );
}

function TaskView({
  task,
  active,
  followError,
}: {
  task: CoverTask;
  active: boolean;
  followError: Error | null;
}) {
  const { t, i18n } = useTranslation();
  const langPath = useLangPath();
  const navigate = useNavigate();
  const client = useQueryClient();
  const notify = useNoticeStore((s) => s.show);
  const voices = useCategories('covers', i18n.language);
  const myVoiceNames = useMyVoiceNames();
  const voiceName =
    allVoices(voices.data).find((v) => v.id === task.voice_id)?.name ??
    myVoiceNames.get(task.voice_id) ??
    // An own voice deleted since keeps the name it had when the cover was made.
    task.voice_name ??
    task.voice_id;
  const retry = useRetryCover();
  const remove = useDeleteCover();
  const [deleting, setDeleting] = useState(false);
  // The bar stays for its 100 % moment only when this visit saw the task working.
  const [sawActive, setSawActive] = useState(active);
  if (active && !sawActive) setSawActive(true);

  const failed = task.status === TaskStatus.failed || task.status === TaskStatus.timeout;
  // The engine's reported figure, moved on between answers at the server's estimated pace.
  const shownProgress = useRenderProgress(task, task.status === TaskStatus.running);

  const handleDelete = () =>
    remove.mutate(task.task_id, {
      onSuccess: () => {
        notify('library.deleteOk', Msg.deleteOk);
        navigate(langPath(coverPaths.list));
        client.removeQueries({ queryKey: coverKeys.task(task.task_id) });
      },
    });

  return (
    <section className={styles.page}>
      <Link to={langPath(coverPaths.list)} className={styles.back}>
        ← {t('coversTool.nav.myCovers')}
      </Link>
      <CheckoutReturn />
      <header>
        <h1 className={styles.title}>{task.title}</h1>
        <p className={styles.muted}>
          {t('coversTool.task.summary', {
            voice: voiceName,
            key: taskKeyLabel(t, task),
            backing: t(`coversTool.backing.${task.backing}`),
            date: formatServerDate(task.created_at),
          })}
        </p>
      </header>

      <p className={styles.status} role="status" aria-live="polite">
        {t(`coversTool.status.${STATUS_NAMES[task.status] ?? 'waiting'}`)}
      </p>
      {active || (sawActive && task.status === TaskStatus.done) ? (
        <ProgressBar
          status={active ? 'start' : 'done'}
          percentage={shownProgress * 100}
          tips={t('coversTool.task.progressTips')}
          reportedOnly
        />
      ) : null}
      {task.status === TaskStatus.running ? <TaskProgressNote task={task} /> : null}
      {followError ? <ErrorText failure={followError} /> : null}

      {/* A running render's preview plays before the end (the same element stays when it ends). */}
      {task.status === TaskStatus.done || (task.status === TaskStatus.running && task.preview_url) ? (
        <CoverResult task={task} />
      ) : null}
      {task.status === TaskStatus.done ? <CoverArtEntry taskId={task.task_id} /> : null}

      {failed ? (
        <div role="alert" className={styles.alert}>
          {errorText(t, task.error ?? Msg.generic)}
        </div>
      ) : null}
      {retry.error ? <ErrorText failure={retry.error} /> : null}

      <div className={styles.actions}>
        {failed && task.retryable ? (
          <button
            type="button"
            className={ui.button}
            disabled={retry.isPending}
            onClick={() => retry.mutate(task.task_id)}
          >
            {t('coversTool.task.retry')}
          </button>
        ) : null}
        {isTerminal(task.status) ? (
          <Link to={langPath(coverPaths.create())} className={`${ui.button} ${ui.secondary}`}>
            {t('coversTool.task.another')}
          </Link>
        ) : null}
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setDeleting(true)}>
          {t('coversTool.task.delete')}
        </button>
      </div>

      <ConfirmDialog
        open={deleting}
        title={t('coversTool.task.deleteTitle')}
        text={t('coversTool.task.deleteText', { name: task.title })}
        confirmLabel={t('coversTool.task.deleteConfirm')}
        busy={remove.isPending}
        error={remove.isError ? t('library.deleteFailed') : null}
        onConfirm={handleDelete}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
      />
    </section>
  );
}
