/**
 * A real SMTP server for tests (the `smtp-server` package) on 127.0.0.1 with
 * an ephemeral port: it accepts what nodemailer sends, checks the login when
 * credentials are given, and parses each message with `mailparser`, so a
 * test asserts on the mail as a mail client would see it. No TLS (STARTTLS
 * is not offered, so the client does not try it).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO, as the server saw them. */
  from: string;
  to: string[];
  /** The user the client logged in as; null without a login. */
  user: string | null;
  raw: string;
  parsed: ParsedMail;
}

export interface FakeSmtpServer {
  /** smtp://user:pass@127.0.0.1:port (with credentials when the server asks for them). */
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused with a temporary failure (451), as a server under load does. */
  refusing: boolean;
  /** Resolves once `count` messages have arrived. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startFakeSmtpServer(credentials?: { user: string; pass: string }): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refusing) {
          const refusal = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(refusal);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              user: typeof session.user === 'string' ? session.user : null,
              raw,
              parsed,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const login = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : '';
  return {
    url: `smtp://${login}127.0.0.1:${port}`,
    received,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    async waitForMessages(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
