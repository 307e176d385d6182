/** Base path of the headshot product inside the app (DESIGN §1.2: default '/headshots'). */
export const HEADSHOTS_BASE = '/headshots';

/** In-app paths of the headshot product (§2). */
export const headshotPaths = {
  start: HEADSHOTS_BASE,
  upload: `${HEADSHOTS_BASE}/upload`,
  usercenter: `${HEADSHOTS_BASE}/usercenter`,
  detail: `${HEADSHOTS_BASE}/usercenter/detail`,
  share: `${HEADSHOTS_BASE}/usercenter/share`,
} as const;
