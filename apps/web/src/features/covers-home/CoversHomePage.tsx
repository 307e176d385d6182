import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/PageIntro';
import { coverPaths } from '../covers-tool';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { VoiceLibrary } from './VoiceLibrary';
import styles from './CoversHome.module.css';

/** AI Covers landing: the promise, how it works, and the voice library. */
export function CoversHomePage() {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const steps = [
    { title: t('covers.steps.pick'), text: t('covers.steps.pickText') },
    { title: t('covers.steps.song'), text: t('covers.steps.songText') },
    { title: t('covers.steps.listen'), text: t('covers.steps.listenText') },
  ];
  return (
    <>
      <section className={styles.hero}>
        <p className={ui.eyebrow}>{t('covers.hero.eyebrow')}</p>
        <h1 className={styles.heroTitle}>{t('covers.hero.title')}</h1>
        <p className={styles.heroLead}>{t('covers.hero.lead')}</p>
        <div className={styles.heroActions}>
          <Link className={ui.button} to={langPath(coverPaths.create())}>
            {t('coversTool.home.cta')}
          </Link>
          <a className={`${ui.button} ${ui.secondary}`} href="#voices">
            {t('covers.hero.cta')}
          </a>
        </div>
        <p className={styles.heroNote}>{t('coversTool.costNote')}</p>
      </section>

      <section aria-labelledby="how-title" className={styles.section}>
        <h2 id="how-title" className={styles.sectionTitle}>
          {t('covers.steps.title')}
        </h2>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={ui.card}>
              <span className={styles.stepNumber}>{index + 1}</span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.stepText}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="voices" aria-labelledby="voices-title" className={styles.section}>
        <h2 id="voices-title" className={styles.sectionTitle}>
          {t('covers.voices.title')}
        </h2>
        <VoiceLibrary />
      </section>
    </>
  );
}
