import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { MY_VOICE_LIMITS } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { uploadFile } from '../../shared/upload/upload-client';
import { createMyVoice, myVoiceKeys } from './my-voices-api';
import { useRecorder } from './use-recorder';
import { recordingToWav } from './wav';
import styles from './MyVoices.module.css';

type Source = 'record' | 'upload';
type Step = 'idle' | 'preparing' | 'uploading' | 'sending';

const clock = (seconds: number) => {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A new voice: a name, a recording (recorded here or a file), the consent box. The recording goes
 * up as a WAV through the usual upload, then the training task is asked for.
 */
export function NewVoiceForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ids = { name: useId(), file: useId(), consent: useId() };
  const [name, setName] = useState('');
  const [source, setSource] = useState<Source>('record');
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [step, setStep] = useState<Step>('idle');
  const [upload, setUpload] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRecorder();
  const rec = recorder.state;
  const busy = step !== 'idle';

  /** What the form still misses, in the order the person fills it in. */
  function missing(): string | null {
    if (!name.trim()) return t('myVoices.form.needName');
    if (source === 'record') {
      if (rec.status !== 'stopped') return t('myVoices.form.needRecording');
      if (rec.seconds < MY_VOICE_LIMITS.minSeconds)
        return t('myVoices.form.tooShort', { count: MY_VOICE_LIMITS.minSeconds });
    } else if (!file) return t('myVoices.form.needFile');
    if (!consent) return t('myVoices.form.needConsent');
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const why = missing();
    setError(why);
    if (why) return;
    try {
      let sample: File;
      if (source === 'record' && rec.status === 'stopped') {
        setStep('preparing');
        const { wav } = await recordingToWav(rec.blob);
        sample = new File([wav], `${name.trim()}.wav`, { type: 'audio/wav' });
      } else sample = file!;
      setStep('uploading');
      const uploaded = await uploadFile(sample, {
        kind: 'ai-covers',
        action: 'voice-sample',
        onProgress: setUpload,
      });
      setStep('sending');
      await createMyVoice({ name: name.trim(), sample_key: uploaded.storage_key, consent: true });
      await queryClient.invalidateQueries({ queryKey: myVoiceKeys.list });
      setName('');
      setFile(null);
      setConsent(false);
      recorder.reset();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setStep('idle');
    }
  }

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t('myVoices.form.title')}
    >
      <h3 className={styles.voiceName}>{t('myVoices.form.title')}</h3>
      <div className={styles.field}>
        <label htmlFor={ids.name}>{t('myVoices.form.name')}</label>
        <input
          id={ids.name}
          type="text"
          value={name}
          maxLength={MY_VOICE_LIMITS.maxNameLength}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className={styles.tabs} role="radiogroup" aria-label={t('myVoices.form.source')}>
        {(['record', 'upload'] as const).map((s) => (
          <label key={s} className={styles.row}>
            <input type="radio" name="voice-source" checked={source === s} onChange={() => setSource(s)} />
            {t(s === 'record' ? 'myVoices.form.record' : 'myVoices.form.upload')}
          </label>
        ))}
      </div>
      <p className={styles.muted}>
        {t('myVoices.form.hint', { min: MY_VOICE_LIMITS.minSeconds, max: MY_VOICE_LIMITS.maxSeconds / 60 })}
      </p>
      {source === 'record' ? (
        <div className={styles.row}>
          {rec.status === 'recording' ? (
            <button type="button" className={ui.button} onClick={recorder.stop}>
              {t('myVoices.form.stop')}
            </button>
          ) : (
            <button
              type="button"
              className={`${ui.button} ${ui.secondary}`}
              disabled={busy || rec.status === 'starting'}
              onClick={() => void recorder.start()}
            >
              {t(rec.status === 'stopped' ? 'myVoices.form.recordAgain' : 'myVoices.form.start')}
            </button>
          )}
          <span role="timer" aria-live="off">
            {rec.status === 'recording' || rec.status === 'stopped' ? clock(rec.seconds) : '0:00'}
          </span>
          {rec.status === 'recording' && rec.seconds < MY_VOICE_LIMITS.minSeconds ? (
            <span className={styles.muted}>
              {t('myVoices.form.keepGoing', { seconds: Math.ceil(MY_VOICE_LIMITS.minSeconds - rec.seconds) })}
            </span>
          ) : null}
          {rec.status === 'stopped' ? (
            <span className={styles.muted}>{t('myVoices.form.recorded', { time: clock(rec.seconds) })}</span>
          ) : null}
          {rec.status === 'error' ? (
            <span role="alert" className={styles.error}>
              {t(rec.reason === 'denied' ? 'myVoices.form.micDenied' : 'myVoices.form.micUnsupported')}
            </span>
          ) : null}
        </div>
      ) : (
        <div className={styles.field}>
          <label htmlFor={ids.file}>{t('myVoices.form.file')}</label>
          <input
            id={ids.file}
            type="file"
            accept="audio/*"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
      )}
      <label className={styles.consent} htmlFor={ids.consent}>
        <input
          id={ids.consent}
          type="checkbox"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
        />
        <span>{t('myVoices.form.consent')}</span>
      </label>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.row}>
        <button type="submit" className={ui.button} disabled={busy || rec.status === 'recording'}>
          {t('myVoices.form.submit')}
        </button>
        {step === 'preparing' ? <span className={styles.muted}>{t('myVoices.form.preparing')}</span> : null}
        {step === 'uploading' ? (
          <span className={styles.muted}>
            {t('myVoices.form.uploading', { percent: Math.round(upload * 100) })}
          </span>
        ) : null}
      </div>
      <p className={styles.muted}>{t('myVoices.form.free')}</p>
    </form>
  );
}
