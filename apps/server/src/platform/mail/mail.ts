import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { diskIo } from '../disk/io';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail: to SMTP when configured, else as `.eml` files in the outbox directory. */
export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
  /** Where outbox files go (null when mail leaves through SMTP). */
  readonly outboxDir: string | null;
  close(): void;
}

/**
 * Builds the mailer. The embedded default writes each message as an RFC 822 file under
 * `outboxDir` so an operator (and tests) can read what would have been sent; `smtpUrl` switches
 * to a real SMTP relay with the same message bytes.
 */
export function createMailer(opts: {
  from: string;
  outboxDir: string;
  smtpUrl?: string | undefined;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      outboxDir: null,
      async send(message) {
        const info = await transport.sendMail({ from: opts.from, ...message });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  // streamTransport renders the message without sending it, so the file is what SMTP would carry.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir: opts.outboxDir,
    async send(message) {
      const info = await renderer.sendMail({ from: opts.from, ...message });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      // Time first so a directory listing reads in sending order; random suffix avoids collisions.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(opts.outboxDir, name);
      await diskIo.writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { messageId: info.messageId, file };
    },
    close: () => renderer.close(),
  };
}
