import type { TFunction } from 'i18next';
import type { HeadshotPack } from '@ai-covers/contracts';

/**
 * A pack's title: a paid pack by its plan and count ("Basic: 50 headshots"); a free trial or free
 * previews by what they are, never under a plan's name they were not bought as.
 */
export function packTitle(t: TFunction, pack: Pick<HeadshotPack, 'kind' | 'plan' | 'count'>): string {
  if (pack.kind === 'trial') return t('headshots.pack.trialTitle');
  if (pack.kind === 'preview') return t('headshots.pack.previewTitle', { count: pack.count });
  return t(`headshots.plan.${pack.plan}`, { count: pack.count });
}
