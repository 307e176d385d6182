import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgressStatus } from './progress-schedule';
import { useProgress } from './use-progress';
import styles from './ProgressBar.module.css';

/** Props of the progress bar (§3) with the generic defaults of §9. */
export interface ProgressBarProps {
  status: ProgressStatus;
  /** Real progress in the min–max range, when the worker reports it. */
  percentage?: number;
  tips?: ReactNode;
  dark?: boolean;
  /** Shows a cancel button when given. */
  onCancel?: () => void;
  inline?: boolean;
  footer?: ReactNode;
  type?: 'line' | 'circle';
  color?: string;
  strokeWidth?: number;
  /** Circle diameter in px. */
  width?: number;
  min?: number;
  max?: number;
  /** Called 600 ms after done, when the bar hides. */
  onDone?: () => void;
  /**
   * Shows `percentage` alone, without the automatic climb of §4: for work whose real progress is
   * reported (a cover's render), so the bar never runs ahead of it. It still never goes backward.
   */
  reportedOnly?: boolean;
}

/** The §4 progress bar as a line or a circle. */
export function ProgressBar({
  status,
  percentage,
  tips,
  dark = false,
  onCancel,
  inline = false,
  footer,
  type = 'line',
  color,
  strokeWidth = 6,
  width = 126,
  min = 0,
  max = 100,
  onDone,
  reportedOnly = false,
}: ProgressBarProps) {
  const { t } = useTranslation();
  const real = percentage === undefined ? undefined : (percentage - min) / (max - min || 1);
  const { fraction, visible } = useProgress(status, real, onDone, reportedOnly);
  if (!visible) return null;
  const shown = Math.round(min + fraction * (max - min));
  const label = `${Math.round(fraction * 100)}%`;
  const className = [styles.root, dark ? styles.dark : '', inline ? styles.inline : ''].join(' ');

  return (
    <div className={className} style={color ? { ['--progress-color' as string]: color } : undefined}>
      <div
        role="progressbar"
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={shown}
        aria-label={t('progress.label')}
      >
        {type === 'circle' ? (
          <Circle fraction={fraction} strokeWidth={strokeWidth} width={width} label={label} />
        ) : (
          <div className={styles.lineWrap}>
            <div className={styles.track} style={{ height: strokeWidth }}>
              <div className={styles.fill} style={{ width: `${fraction * 100}%` }} />
            </div>
            <span className={styles.value}>{label}</span>
          </div>
        )}
      </div>
      {tips ? <p className={styles.tips}>{tips}</p> : null}
      {onCancel ? (
        <button type="button" className={styles.cancel} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      ) : null}
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </div>
  );
}

function Circle({
  fraction,
  strokeWidth,
  width,
  label,
}: {
  fraction: number;
  strokeWidth: number;
  width: number;
  label: string;
}) {
  const radius = (width - strokeWidth) / 2;
  const length = 2 * Math.PI * radius;
  return (
    <div className={styles.circle} style={{ width, height: width }}>
      <svg width={width} height={width} viewBox={`0 0 ${width} ${width}`} aria-hidden="true">
        <circle
          className={styles.circleTrack}
          cx={width / 2}
          cy={width / 2}
          r={radius}
          strokeWidth={strokeWidth}
          fill="none"
        />
        <circle
          className={styles.circleFill}
          cx={width / 2}
          cy={width / 2}
          r={radius}
          strokeWidth={strokeWidth}
          fill="none"
          strokeDasharray={length}
          strokeDashoffset={length * (1 - fraction)}
          transform={`rotate(-90 ${width / 2} ${width / 2})`}
        />
      </svg>
      <span className={styles.circleValue}>{label}</span>
    </div>
  );
}

/** The headshot product's bar: stroke 8 and purple by default (§9). */
export function HeadshotProgressBar(props: ProgressBarProps) {
  return <ProgressBar strokeWidth={8} color="var(--color-purple)" {...props} />;
}
