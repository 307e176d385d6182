import { HEADSHOTS_BASE } from '../../shared/routing/base-paths';

/** In-app paths of the headshot product (§2). */
export const headshotPaths = {
  start: HEADSHOTS_BASE,
  upload: `${HEADSHOTS_BASE}/upload`,
  usercenter: `${HEADSHOTS_BASE}/usercenter`,
  detail: `${HEADSHOTS_BASE}/usercenter/detail`,
  share: `${HEADSHOTS_BASE}/usercenter/share`,
  result: `${HEADSHOTS_BASE}/result`,
} as const;

/** The detail page of one pack (back button, no sharing). */
export function packDetailPath(packId: string): string {
  return `${headshotPaths.detail}?id=${encodeURIComponent(packId)}`;
}

/** The public page of a shared pack (no back button, sharing on). */
export function packSharePath(shareId: string): string {
  return `${headshotPaths.share}?id=${encodeURIComponent(shareId)}`;
}

/** The submit result page of a pack (§2: success or failure, retry, contact, user center). */
export function submitResultPath(packId: string): string {
  return `${headshotPaths.result}?id=${encodeURIComponent(packId)}`;
}
