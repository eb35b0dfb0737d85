import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the loopback SMTP server took: its envelope and its text, quoted-printable decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The raw message with soft line breaks joined and `=XX` decoded as UTF-8 (what a reader sees). */
  text: string;
}

const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * A real SMTP server on loopback (the `smtp-server` package): what nodemailer sends arrives here.
 * `refuse` makes it answer 451 to the next messages (a mail server failing).
 */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  let refusing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusing > 0) {
          refusing--;
          const error = Object.assign(new Error('Caixa temporariamente indisponível'), { responseCode: 451 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString('latin1');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse(count: number) {
      refusing = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver for webhooks; `answer` sets the status of the next posts (a receiver failing). */
export async function startHookReceiver() {
  const hooks: ReceivedHook[] = [];
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = statuses.shift() ?? 200;
      if (status < 300) hooks.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'erro');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sinalize`,
    hooks,
    answer(...next: number[]) {
      statuses.push(...next);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
