/** A promotion activity (§2 promotion page, §7 event service): a present granted once per account. */
export interface Activity {
  id: string;
  pluginId: string;
  credits: number;
  title: string;
  /** Open window; null = no bound. */
  startsAt: Date | null;
  endsAt: Date | null;
}

/** The running activities. The login present is what /promotion.html checks for after sign-in. */
export const ACTIVITIES: readonly Activity[] = [
  {
    id: 'login-present',
    pluginId: 'ai-covers',
    credits: 3,
    title: 'Login present',
    startsAt: null,
    endsAt: null,
  },
];

export function isOpen(activity: Activity, at: Date): boolean {
  return (!activity.startsAt || activity.startsAt <= at) && (!activity.endsAt || at < activity.endsAt);
}
