import { negotiateLanguage } from '@ai-covers/contracts';
import { copyOf } from '../../locales/copy';
import type { Mailer } from '../../platform/mail/mail';
import type { PackRow } from './headshots.repo';

/** Who gets a pack's mail, in the language the account was made in. */
export interface MailRecipient {
  email: string;
  lang: string;
}

/**
 * The "your headshots are ready" mail (§4), in the account's language (`headshotsMail` in the copy
 * catalogues). The link opens the pack's detail page under HEADSHOTS_BASE_PATH; results are deleted
 * 30 days after the pack finished, and the mail says when.
 */
export function readyMail(pack: PackRow, to: MailRecipient, detailUrl: string) {
  const t = copyOf('headshotsMail', negotiateLanguage([to.lang]));
  const until = pack.expiresAt ? pack.expiresAt.toISOString().slice(0, 10) : null;
  const lines = [
    t('ready'),
    '',
    t('made', { count: pack.delivered }),
    t('link', { url: detailUrl }),
    ...(until ? ['', t('kept', { date: until })] : []),
  ];
  return { to: to.email, subject: t('subject'), text: lines.join('\n') };
}

export function createReadyNotifier(deps: {
  mailer: Mailer;
  recipientOf: (userId: number) => Promise<MailRecipient | null>;
  /** Absolute URL of the product (origin + BASE_PATH + HEADSHOTS_BASE_PATH). */
  productUrl: string;
}) {
  return async (pack: PackRow): Promise<void> => {
    if (pack.kind !== 'paid') return;
    const to = await deps.recipientOf(pack.userId);
    if (!to) return;
    await deps.mailer.send(readyMail(pack, to, `${deps.productUrl}/usercenter/detail?id=${pack.id}`));
  };
}
