import { HEADSHOTS_BASE } from '../../shared/routing/base-paths';

/** A member of the tool family of §1; `path` is set for tools that live in this app. */
export interface FamilyTool {
  key: string;
  path?: string;
}

/** The family of §1, in-app tools first. */
export const FAMILY_TOOLS: readonly FamilyTool[] = [
  { key: 'covers', path: '/' },
  { key: 'headshots', path: HEADSHOTS_BASE },
  { key: 'enhancer' },
  { key: 'bgRemover' },
  { key: 'videoEnhancer' },
  { key: 'noiseReducer' },
  { key: 'vocalRemover' },
  { key: 'aiMusic' },
  { key: 'voiceChanger' },
  { key: 'restyle' },
  { key: 'videoBgRemover' },
];
