/**
 * A real SMTP server for the mail tests (issue 42): the smtp-server package on a free loopback
 * port that wants a login (shop / s3cret:pw), refuses recipients starting with "refused" for good
 * (550), and keeps every message it receives.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { parseSmtpUrl, smtpTransport, type MailTransport } from '../../src/server/mail/transport.js';

/** A real SMTP server on loopback that wants a login and keeps what it receives. */
export class Smtp {
  received: { rcpt: string[]; raw: Buffer }[] = [];
  port = 0;
  private server: SMTPServer | undefined;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === 'shop' && auth.password === 's3cret:pw') callback(null, { user: 'shop' });
        else callback(new Error('Invalid username or password'));
      },
      onRcptTo: (address, _session, callback) => {
        if (address.address.startsWith('refused')) {
          const error = new Error('No such mailbox') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
        } else callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  transport(): MailTransport {
    const settings = parseSmtpUrl(`smtp://shop:s3cret%3Apw@127.0.0.1:${this.port}`);
    if (typeof settings === 'string') throw new Error(settings);
    return smtpTransport(settings);
  }

  parsed(): Promise<ParsedMail[]> {
    return Promise.all(this.received.map((m) => simpleParser(m.raw)));
  }
}

