import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  EMPTY_STUDIO_FILES,
  Msg,
  cloudFileRecord,
  localFileRecord,
  markInputStored,
  pickLocalFile,
  type CoverBacking,
  type StudioFiles,
} from '@ai-covers/contracts';
import { errorText } from '../../shared/api/error-messages';
import { PageIntro, ui } from '../../shared/ui/PageIntro';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { mediaTypeOf } from '../../shared/upload/media-info';
import { useUpload } from '../../shared/upload/use-upload';
import { CoverOptions, type CoverKey } from './CoverOptions';
import { useCreateCoverTask } from './covers-api';
import { coverPaths } from './paths';
import { SongPicker, type LibrarySong } from './SongPicker';
import { OwnStemsPicker } from './OwnStemsPicker';
import { VoicePicker } from './VoicePicker';
import styles from './CoversTool.module.css';

/** A problem to show in the alert region: a step the visitor missed (its i18n key), or a failure. */
type Problem = { step: string } | { failure: unknown } | null;

/** The create page (covers/new): pick a voice, upload a song, choose options, create the task. */
export function CoverCreatePage() {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [voiceId, setVoiceId] = useState<string | null>(params.get('voice'));
  const [coverKey, setCoverKey] = useState<CoverKey>('auto');
  const [backing, setBacking] = useState<CoverBacking>('keep');
  const [problem, setProblem] = useState<Problem>(null);
  // A song file refused before upload: said in the song's card, where the visitor is looking.
  const [songRefusal, setSongRefusal] = useState<string | null>(null);
  const [librarySong, setLibrarySong] = useState<LibrarySong | null>(null);
  const [link, setLink] = useState('');
  // The song to cover as the studio's input (§3 local file record): a file from this device, whose
  // stored copy its upload records, or one of the account's files.
  const [files, setFiles] = useState<StudioFiles>(EMPTY_STUDIO_FILES);
  const upload = useUpload({
    kind: 'ai-covers',
    action: 'upload',
    onDone: (stored) => setFiles((current) => markInputStored(current, stored)),
  });
  const vocalStem = useUpload({ kind: 'ai-covers', action: 'upload' });
  const instrumentalStem = useUpload({ kind: 'ai-covers', action: 'upload' });
  const create = useCreateCoverTask();

  const handlePickSong = (file: File) => {
    // Only audio goes up: anything else is refused before a byte leaves the browser.
    if (mediaTypeOf(file) !== 'audio') {
      setSongRefusal(t('coversTool.create.notAudio', { name: file.name }));
      return;
    }
    setSongRefusal(null);
    setLibrarySong(null);
    setProblem(null);
    setFiles((current) => pickLocalFile(current, localFileRecord(file, null, file)));
    void upload.start(file);
  };

  const handlePickLibrary = (song: LibrarySong) => {
    setSongRefusal(null);
    setProblem(null);
    setLibrarySong(song);
    setFiles((current) => pickLocalFile(current, cloudFileRecord(song)));
  };

  const handlePickStem = (stem: 'vocal' | 'instrumental', file: File) => {
    if (mediaTypeOf(file) !== 'audio') {
      setProblem({ failure: Msg.formatNotSupported });
      return;
    }
    setProblem(null);
    void (stem === 'vocal' ? vocalStem : instrumentalStem).start(file);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!voiceId) return setProblem({ step: 'coversTool.create.needVoice' });
    // Own stems (both uploaded) are the song; else a pasted link; else the upload.
    const stems =
      vocalStem.result && instrumentalStem.result
        ? { vocal_key: vocalStem.result.storage_key, instrumental_key: instrumentalStem.result.storage_key }
        : null;
    const fromLink = !stems && link.trim() !== '';
    // The input's stored copy: a song from the account's files is taken by its key, never uploaded
    // again; a file from this device once its upload has finished.
    const stored = !stems && !fromLink ? (files.input?.fileId ?? null) : null;
    const uploading = [upload, vocalStem, instrumentalStem].some((u) => u.status === 'uploading');
    if (!stems && !fromLink && !stored && uploading)
      return setProblem({ step: 'coversTool.create.waitUpload' });
    if (!stems && !fromLink && !stored) return setProblem({ step: 'coversTool.create.needSong' });
    const song = stems ?? (fromLink ? { external_uri: link.trim() } : { file_key: stored! });
    setProblem(null);
    create.mutate(
      { kind: 'ai-covers', voice_id: voiceId, ...song, key: coverKey, backing },
      {
        onSuccess: ({ task_id }) => navigate(langPath(coverPaths.task(task_id))),
        onError: (failure) => setProblem({ failure }),
      },
    );
  };

  const alertText = !problem ? '' : 'step' in problem ? t(problem.step) : errorText(t, problem.failure);

  return (
    <form className={styles.page} onSubmit={handleSubmit} noValidate>
      <Link to={langPath(coverPaths.list)} className={styles.back}>
        ← {t('coversTool.nav.myCovers')}
      </Link>
      <PageIntro
        eyebrow={t('covers.hero.eyebrow')}
        title={t('coversTool.create.title')}
        lead={t('coversTool.create.lead')}
      />
      <VoicePicker
        voiceId={voiceId}
        onChange={(voice) => {
          setVoiceId(voice.id);
          setProblem(null);
        }}
      />
      <SongPicker
        upload={upload}
        onPick={handlePickSong}
        refusal={songRefusal}
        librarySong={librarySong}
        onPickLibrary={handlePickLibrary}
        link={link}
        onLinkChange={setLink}
      />
      <OwnStemsPicker vocal={vocalStem} instrumental={instrumentalStem} onPick={handlePickStem} />
      <CoverOptions
        coverKey={coverKey}
        backing={backing}
        onKeyChange={setCoverKey}
        onBackingChange={setBacking}
      />
      <p role="alert" className={styles.alert} data-testid="create-problem">
        {alertText}
      </p>
      <div className={styles.actions}>
        <button type="submit" className={ui.button} disabled={create.isPending}>
          {create.isPending ? t('coversTool.create.creating') : t('coversTool.create.submit')}
        </button>
        <span className={styles.muted}>{t('coversTool.costNote')}</span>
      </div>
    </form>
  );
}
