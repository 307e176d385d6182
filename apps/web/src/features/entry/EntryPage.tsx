import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAbPlan } from '../../shared/ab/use-ab-plan';
import { PageIntro, ui } from '../../shared/ui/PageIntro';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { AppInstallPrompt } from './AppInstallPrompt';
import { FAMILY_TOOLS } from './tools';
import styles from './EntryPage.module.css';

/**
 * Studio entry (apps/entry): the family of tools sharing account, credits and pricing, and for
 * plan 2 of dlp_app (§9) the app download prompt.
 */
export function EntryPage() {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const appPrompt = useAbPlan('dlp_app');
  return (
    <>
      <PageIntro title={t('entry.title')} lead={t('entry.lead')} />
      {appPrompt.on ? <AppInstallPrompt /> : null}
      <ul className={styles.grid}>
        {FAMILY_TOOLS.map((tool) => (
          <li key={tool.key} className={`${ui.card} ${styles.tool}`}>
            <h2 className={styles.name}>{t(`entry.tools.${tool.key}.name`)}</h2>
            <p className={styles.text}>{t(`entry.tools.${tool.key}.text`)}</p>
            {tool.path ? (
              <Link to={langPath(tool.path)} className={ui.button}>
                {t('entry.open')}
              </Link>
            ) : (
              <span className={ui.badge}>{t('entry.family')}</span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
