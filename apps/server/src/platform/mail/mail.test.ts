import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mail';

const message = { to: 'ada@example.test', subject: 'Verify your e-mail', text: 'Open https://x.test/v?t=1' };

describe('mail', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('writes an .eml file to the outbox when no SMTP_URL is set', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    dirs.push(dir);
    const mailer = createMailer({ from: 'AI Covers <no-reply@localhost>', outboxDir: dir });
    const { file } = await mailer.send(message);
    expect(path.dirname(file!)).toBe(dir);
    const raw = fs.readFileSync(file!, 'utf8');
    expect(raw).toMatch(/^To: ada@example.test$/m);
    expect(raw).toMatch(/^Subject: Verify your e-mail$/m);
    expect(raw).toContain('https://x.test/v?t=1');
  });

  it('delivers through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({
      from: 'AI Covers <no-reply@localhost>',
      outboxDir: '/nonexistent',
      smtpUrl: `smtp://127.0.0.1:${port}`,
    });
    try {
      await mailer.send(message);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^Subject: Verify your e-mail/m);
      expect(mailer.outboxDir).toBeNull();
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
