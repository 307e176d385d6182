import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COVER_MIX_LIMITS, type CoverMix, type CoverTask } from '@ai-covers/contracts';
import { errorText } from '../../shared/api/error-messages';
import { ui } from '../../shared/ui/PageIntro';
import { useRemixCover } from './covers-api';
import styles from './CoversTool.module.css';

/** Levels show as percentages of the render's own (100 % = as rendered). */
const percent = (v: number) => `${Math.round(v * 100)} %`;

/**
 * Mix controls of a finished cover: vocal level, instrumental level, reverb. "Remix" mixes the
 * task again from its kept stems (seconds) and the new preview replaces the old one.
 */
export function MixControls({ task }: { task: CoverTask }) {
  const { t } = useTranslation();
  const titleId = useId();
  const remix = useRemixCover(task.task_id);
  const [mix, setMix] = useState<CoverMix>(task.mix);
  const changed =
    mix.vocal !== task.mix.vocal ||
    mix.instrumental !== task.mix.instrumental ||
    mix.reverb !== task.mix.reverb;

  const slider = (name: keyof CoverMix, max: number, step: number) => {
    const id = `${titleId}-${name}`;
    return (
      <div className={styles.field}>
        <label htmlFor={id}>{t(`coversTool.mix.${name}`)}</label>
        <input
          id={id}
          type="range"
          min={0}
          max={max}
          step={step}
          value={mix[name]}
          aria-valuetext={percent(mix[name])}
          onChange={(event) => setMix({ ...mix, [name]: Number(event.target.value) })}
        />
        <output htmlFor={id} className={styles.muted}>
          {percent(mix[name])}
        </output>
      </div>
    );
  };

  return (
    <section className={styles.result} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.subtitle}>
        {t('coversTool.mix.title')}
      </h2>
      <p className={styles.muted}>{t('coversTool.mix.note')}</p>
      {slider('vocal', COVER_MIX_LIMITS.maxLevel, 0.05)}
      {slider('instrumental', COVER_MIX_LIMITS.maxLevel, 0.05)}
      {slider('reverb', 1, 0.05)}
      <div className={styles.actions}>
        <button
          type="button"
          className={ui.button}
          disabled={!changed || remix.isPending}
          onClick={() => remix.mutate(mix)}
        >
          {remix.isPending ? t('coversTool.mix.applying') : t('coversTool.mix.apply')}
        </button>
      </div>
      <p role="status" aria-live="polite" className={styles.muted}>
        {remix.isSuccess && !changed ? t('coversTool.mix.done') : ''}
      </p>
      {remix.error ? (
        <p role="alert" className={styles.alert}>
          {errorText(t, remix.error)}
        </p>
      ) : null}
    </section>
  );
}
