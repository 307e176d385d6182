import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageIntro, ui } from '../../shared/ui/PageIntro';
import { useLangPath } from '../language/use-lang-path';
import { FAMILY_TOOLS } from './tools';
import styles from './EntryPage.module.css';

/** Studio entry (apps/entry): the family of tools sharing account, credits and pricing. */
export function EntryPage() {
  const { t } = useTranslation();
  const langPath = useLangPath();
  return (
    <>
      <PageIntro title={t('entry.title')} lead={t('entry.lead')} />
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
