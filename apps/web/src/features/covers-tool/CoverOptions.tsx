import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COVER_BACKINGS, COVER_LIMITS, type CoverBacking, type CoverCreateBody } from '@ai-covers/contracts';
import { semitoneLabel } from './cover-format';
import styles from './CoversTool.module.css';

/** The key a cover is made in, as the create call takes it: 'auto' or semitones. */
export type CoverKey = CoverCreateBody['key'];

const SHIFTS = Array.from(
  { length: COVER_LIMITS.maxKeyShift * 2 + 1 },
  (_, i) => COVER_LIMITS.maxKeyShift - i,
);

/** Step 3: key (auto or −12…+12 semitones) and what happens to backing vocals. */
export function CoverOptions({
  coverKey,
  backing,
  onKeyChange,
  onBackingChange,
}: {
  coverKey: CoverKey;
  backing: CoverBacking;
  onKeyChange: (key: CoverKey) => void;
  onBackingChange: (backing: CoverBacking) => void;
}) {
  const { t } = useTranslation();
  const keyId = useId();
  const keyHintId = useId();
  return (
    <fieldset className={styles.step}>
      <legend className={styles.legend}>{t('coversTool.create.optionsStep')}</legend>
      <div className={styles.field}>
        <label htmlFor={keyId}>{t('coversTool.options.key')}</label>
        <select
          id={keyId}
          aria-describedby={keyHintId}
          value={String(coverKey)}
          onChange={(e) => onKeyChange(e.target.value === 'auto' ? 'auto' : Number(e.target.value))}
        >
          <option value="auto">{t('coversTool.options.keyAuto')}</option>
          {SHIFTS.map((shift) => (
            <option key={shift} value={shift}>
              {semitoneLabel(t, shift)}
            </option>
          ))}
        </select>
        <p id={keyHintId} className={styles.muted}>
          {coverKey === 'auto' ? t('coversTool.options.keyAutoHint') : t('coversTool.options.keyShiftHint')}
        </p>
      </div>
      <fieldset className={styles.choices}>
        <legend>{t('coversTool.options.backing')}</legend>
        {COVER_BACKINGS.map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name="backing"
              value={value}
              checked={backing === value}
              onChange={() => onBackingChange(value)}
            />
            <span>
              <strong>{t(`coversTool.backing.${value}`)}</strong>
              <span className={styles.muted}> · {t(`coversTool.backing.${value}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </fieldset>
  );
}
