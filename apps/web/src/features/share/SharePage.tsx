import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../shared/api/request';
import { isMissingResource, retryUnanswered } from '../../shared/api/failures';
import { errorText } from '../../shared/api/error-messages';
import { ui } from '../../shared/ui/PageIntro';
import { NO_PRE_LOGIN_ATTR } from '../auth';
import { useLangPath } from '../../shared/routing/use-lang-path';
import styles from './SharePage.module.css';

/** `GET /v1/share/{id}`: a public share (no sign-in, nothing of the owner but the artwork and preview). */
function fetchShare(shareId: string, signal?: AbortSignal) {
  return apiGet('shareView', `/v1/share/${encodeURIComponent(shareId)}`, {}, signal);
}

/** The public share page (/s/:shareId): the artwork, the watermarked preview, "make your own". */
export function SharePage() {
  const { shareId = '' } = useParams();
  const { t } = useTranslation();
  const langPath = useLangPath();
  const query = useQuery({
    queryKey: ['share', shareId],
    queryFn: ({ signal }) => fetchShare(shareId, signal),
    retry: retryUnanswered,
  });
  // Signed-out visitors of a share may play and follow the link whatever the sign-in test plan is.
  const exempt = { [NO_PRE_LOGIN_ATTR]: '' };
  const makeYourOwn = (
    <Link to={langPath('/covers/new')} className={ui.button} {...exempt}>
      {t('share.makeYourOwn')}
    </Link>
  );
  if (!query.data) {
    const gone = isMissingResource(query.error);
    return (
      <section className={styles.page} {...exempt}>
        {query.error ? (
          <>
            <h1 className={styles.title}>{gone ? t('share.goneTitle') : t('errors.generic')}</h1>
            <p role="alert" className={styles.muted}>
              {gone ? t('share.goneText') : errorText(t, query.error)}
            </p>
            {makeYourOwn}
          </>
        ) : (
          <p className={styles.muted}>{t('common.loading')}</p>
        )}
      </section>
    );
  }
  const share = query.data;
  // The share video already carries the artwork and the preview: with one, it is the page's one
  // picture and one player (the artwork as its poster); without, the artwork and the audio player.
  return (
    <article className={styles.page} {...exempt}>
      {share.video_url ? (
        <video
          className={styles.video}
          src={share.video_url}
          poster={share.artwork_url}
          controls
          playsInline
          preload="metadata"
          style={{ aspectRatio: `${share.video_width ?? 1} / ${share.video_height ?? 1}` }}
          aria-label={t('share.videoLabel', { title: share.title })}
          data-testid="share-video"
        />
      ) : (
        <img
          className={styles.artwork}
          src={share.artwork_url}
          width={share.artwork_width}
          height={share.artwork_height}
          alt={t('share.artworkAlt', { title: share.title })}
        />
      )}
      <div className={styles.body}>
        <h1 className={styles.title}>{share.title}</h1>
        <p className={styles.muted}>{t('share.byVoice', { voice: share.voice_name })}</p>
        {share.video_url ? null : (
          <audio
            className={styles.audio}
            src={share.audio_url}
            controls
            preload="metadata"
            aria-label={t('share.audioLabel', { title: share.title })}
            data-testid="share-audio"
          />
        )}
        <p className={styles.muted}>{t('share.previewNote')}</p>
        {makeYourOwn}
      </div>
    </article>
  );
}
