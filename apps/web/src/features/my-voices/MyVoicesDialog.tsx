import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Msg, TaskStatus, type MyVoice } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import dialogStyles from '../../shared/ui/dialog.module.css';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { deleteMyVoice, isTraining, myVoiceKeys, retryMyVoice, useMyVoices } from './my-voices-api';
import { NewVoiceForm } from './NewVoiceForm';
import styles from './MyVoices.module.css';

/**
 * "My voices": the account's trained voices (training progress, retry, delete) and the form that
 * makes a new one from a recording. Only for a signed-in account (the caller checks).
 */
export function MyVoicesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const voices = useMyVoices();
  const list = voices.data ?? [];
  const training = list.some(isTraining);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogStyles.overlay} />
        <Dialog.Content className={`${dialogStyles.dialog} ${styles.wide}`}>
          <Dialog.Title className={dialogStyles.title}>{t('myVoices.title')}</Dialog.Title>
          <Dialog.Description className={styles.muted}>{t('myVoices.intro')}</Dialog.Description>
          {voices.isError ? (
            <p role="alert" className={styles.error}>
              {t('myVoices.loadError')}
            </p>
          ) : null}
          {list.length > 0 ? (
            <ul className={styles.list} aria-label={t('myVoices.listLabel')}>
              {list.map((voice) => (
                <VoiceRow key={voice.voice_id} voice={voice} />
              ))}
            </ul>
          ) : null}
          {training ? <p className={styles.muted}>{t('myVoices.oneAtATime')}</p> : <NewVoiceForm />}
          <div className={dialogStyles.actions}>
            <Dialog.Close asChild>
              <button type="button" className={`${ui.button} ${ui.secondary}`}>
                {t('myVoices.close')}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function VoiceRow({ voice }: { voice: MyVoice }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: myVoiceKeys.list });
  const retry = useMutation({ mutationFn: () => retryMyVoice(voice.voice_id), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: () => deleteMyVoice(voice.voice_id),
    onSuccess: async () => {
      setConfirming(false);
      await refresh();
    },
  });
  const failed = voice.status === TaskStatus.failed || voice.status === TaskStatus.timeout;
  return (
    <li className={styles.voice} data-voice-id={voice.voice_id}>
      <span className={styles.voiceName}>{voice.name}</span>
      {failed && voice.retryable ? (
        <button
          type="button"
          className={`${ui.button} ${ui.secondary} ${styles.small}`}
          disabled={retry.isPending}
          onClick={() => retry.mutate()}
        >
          {t('myVoices.retry')}
        </button>
      ) : null}
      <button
        type="button"
        className={`${ui.button} ${ui.secondary} ${styles.small}`}
        aria-label={t('myVoices.deleteNamed', { name: voice.name })}
        onClick={() => setConfirming(true)}
      >
        {t('myVoices.delete')}
      </button>
      <p className={failed ? styles.error : styles.status} role="status">
        {statusText(voice, t)}
      </p>
      {isTraining(voice) ? (
        <progress
          max={1}
          value={voice.progress}
          aria-label={t('myVoices.trainingNamed', { name: voice.name })}
        />
      ) : null}
      {retry.error ? <p className={styles.error}>{retry.error.message}</p> : null}
      <ConfirmDialog
        open={confirming}
        title={t('myVoices.deleteTitle', { name: voice.name })}
        text={t('myVoices.deleteText')}
        confirmLabel={t('myVoices.delete')}
        busy={remove.isPending}
        error={remove.error ? Msg.deleteFailed : null}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}

function statusText(voice: MyVoice, t: (key: string, o?: Record<string, unknown>) => string): string {
  switch (voice.status) {
    case TaskStatus.waiting:
      return t('myVoices.status.waiting');
    case TaskStatus.running:
      return t('myVoices.status.training', { percent: Math.round(voice.progress * 100) });
    case TaskStatus.done:
      return voice.range
        ? t('myVoices.status.readyRange', { range: voice.range })
        : t('myVoices.status.ready');
    default:
      return voice.error ?? t('myVoices.status.failed');
  }
}
