import { useEffect, useReducer, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeadshotBackdrop } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { errorText } from '../../shared/api/error-messages';
import { backdropMenuReducer, buildBackdropMenu, initialBackdropMenu } from './backdrop-menu';
import { useBackdropPreview } from './headshots-api';
import { styleExample } from './style-examples';
import { checkPhotoFile } from './upload-rules';
import styles from './Headshots.module.css';

/**
 * The backdrop menu of §3 over one of the visitor's approved photos: 'All' then the categories,
 * your own backdrop to the front, before/after compare and recover the original. Each listed tile
 * shows the style's example (a sample portrait made by the pipeline); choosing one renders the
 * visitor's own photo in it on the server (decision 133). The pack is made from the confirmed styles.
 */
export function BackdropMenu({
  categories,
  photo,
}: {
  categories: { name: string; resources: HeadshotBackdrop[] }[];
  photo: { id: string; url: string | null } | null;
}) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(backdropMenuReducer, initialBackdropMenu);
  const [tab, setTab] = useState(0);
  const [showBefore, setShowBefore] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const urls = useRef<string[]>([]);
  const [ownError, setOwnError] = useState(false);
  const withExamples = categories.map((c) => ({
    name: c.name,
    resources: c.resources.map((r) => ({ ...r, url: r.url ?? styleExample(r.id) })),
  }));
  const menu = buildBackdropMenu(withExamples, state.local);
  const entry = menu[Math.min(tab, menu.length - 1)]!;
  const listed = state.menuType === 'default' ? state.selectedId : null;
  const preview = useBackdropPreview(photo?.id ?? null, listed);
  const chosenName = menu[0]!.resources.find((r) => r.id === state.selectedId)?.name ?? '';

  // Object URLs of the visitor's own backdrops live as long as the menu.
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  async function handleOwn(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const verdict = await checkPhotoFile(file);
    setOwnError(verdict.header === null);
    if (verdict.header === null) return;
    const url = URL.createObjectURL(file);
    urls.current.push(url);
    dispatch({ type: 'addLocal', backdrop: { id: `local-${urls.current.length}`, name: file.name, url } });
    setTab(0);
  }

  const photoUrl = photo?.url ?? null;
  const own = state.menuType === 'custom' && state.selectedUrl && !showBefore;
  let stage: ReactNode;
  if (listed && !showBefore && !photo) {
    stage = (
      <>
        {state.selectedUrl ? (
          <img
            src={state.selectedUrl}
            alt={t('headshots.backdrop.exampleAlt', { name: chosenName })}
            className={styles.stagePhoto}
          />
        ) : null}
        <span className={styles.small}>{t('headshots.backdrop.needPhoto')}</span>
      </>
    );
  } else if (listed && !showBefore && preview.data?.image) {
    stage = (
      <img
        src={preview.data.image}
        width={preview.data.width ?? undefined}
        height={preview.data.height ?? undefined}
        alt={t('headshots.backdrop.previewAlt', { name: chosenName })}
        className={styles.stagePhoto}
        data-testid="backdrop-preview"
      />
    );
  } else {
    stage = photoUrl ? (
      <img
        src={photoUrl}
        alt={t('headshots.backdrop.photoAlt')}
        className={own ? styles.stageInset : styles.stagePhoto}
      />
    ) : (
      <span className={styles.small}>{t('headshots.backdrop.noPhoto')}</span>
    );
  }
  return (
    <section className={ui.card} aria-labelledby="hs-backdrop-title" data-testid="backdrop-menu">
      <h2 id="hs-backdrop-title" className={styles.cardTitle}>
        {t('headshots.backdrop.title')}
      </h2>
      <p className={styles.small}>{t('headshots.backdrop.lead')}</p>
      <div
        className={styles.backdropStage}
        style={own ? { backgroundImage: `url("${state.selectedUrl}")` } : undefined}
        data-menu-type={state.menuType}
        data-testid="backdrop-stage"
      >
        {stage}
      </div>
      {listed && !showBefore && photo && (preview.isFetching || preview.data?.ready === false) ? (
        <p className={styles.small} role="status" data-testid="backdrop-rendering">
          {t('headshots.backdrop.rendering')}
        </p>
      ) : null}
      {listed && !showBefore && preview.isError ? (
        <p role="alert" className={styles.error}>
          {errorText(t, preview.error, 'errors.generic')}
        </p>
      ) : null}
      <div className={styles.actionsRow}>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          disabled={!state.canCompare}
          aria-pressed={showBefore}
          onClick={() => setShowBefore((v) => !v)}
        >
          {t(showBefore ? 'headshots.backdrop.showAfter' : 'headshots.backdrop.showBefore')}
        </button>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          disabled={!state.canRecover}
          onClick={() => {
            setShowBefore(false);
            dispatch({ type: 'recover' });
          }}
        >
          {t('headshots.backdrop.recover')}
        </button>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          onClick={() => input.current?.click()}
        >
          {t('headshots.backdrop.own')}
        </button>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/bmp"
          hidden
          onChange={handleOwn}
        />
      </div>
      {ownError ? (
        <p role="alert" className={styles.error}>
          {t('errors.formatNotSupported')}
        </p>
      ) : null}
      <div className={styles.menu} role="tablist" aria-label={t('headshots.backdrop.menu')}>
        {menu.map((m, i) => (
          <button
            key={m.name ?? '__all__'}
            type="button"
            role="tab"
            aria-selected={i === tab}
            className={i === tab ? `${styles.menuItem} ${styles.menuItemActive}` : styles.menuItem}
            onClick={() => setTab(i)}
          >
            {m.name ?? t('headshots.style.all')}
          </button>
        ))}
      </div>
      <ul className={styles.backdropGrid}>
        {entry.resources.map((b) => (
          <li key={b.id}>
            <button
              type="button"
              className={
                b.id === state.selectedId
                  ? `${styles.backdropItem} ${styles.styleCardOn}`
                  : styles.backdropItem
              }
              aria-pressed={b.id === state.selectedId}
              onClick={() => {
                setShowBefore(false);
                dispatch({ type: 'select', backdrop: b, local: b.id.startsWith('local-') });
              }}
              title={b.name}
              data-testid={`backdrop-tile-${b.id}`}
            >
              {b.url ? (
                <img src={b.url} alt={b.name} className={styles.backdropThumb} loading="lazy" />
              ) : (
                <span className={styles.backdropName}>{b.name}</span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
