import type { Mailer } from '../../platform/mail/mail';
import type { PackRow } from './headshots.repo';

/**
 * The "your headshots are ready" mail (§4). The link opens the pack's detail page under
 * HEADSHOTS_BASE_PATH; results are deleted 30 days after the pack finished, and the mail says when.
 */
export function readyMail(pack: PackRow, to: string, detailUrl: string) {
  const until = pack.expiresAt ? pack.expiresAt.toISOString().slice(0, 10) : null;
  const lines = [
    'Your headshots are ready.',
    '',
    `${pack.delivered} headshots were made from your photos: studio backdrop, framing, light and colour, and a gentle retouch.`,
    `See and download them here: ${detailUrl}`,
    '',
    until ? `They are kept until ${until} and then deleted, together with your uploaded photos.` : '',
  ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
  return { to, subject: 'Your headshots are ready', text: lines.join('\n') };
}

export function createReadyNotifier(deps: {
  mailer: Mailer;
  emailOf: (userId: number) => Promise<string | null>;
  /** Absolute URL of the product (origin + BASE_PATH + HEADSHOTS_BASE_PATH). */
  productUrl: string;
}) {
  return async (pack: PackRow): Promise<void> => {
    if (pack.kind !== 'paid') return;
    const to = await deps.emailOf(pack.userId);
    if (!to) return;
    await deps.mailer.send(readyMail(pack, to, `${deps.productUrl}/usercenter/detail?id=${pack.id}`));
  };
}
