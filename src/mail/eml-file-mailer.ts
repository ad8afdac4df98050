/**
 * The embedded default Mailer: nothing leaves the machine. Each message is
 * composed by nodemailer exactly as SMTP would carry it and written as an
 * .eml file (RFC 5322, opens in any mail client) under DATA_DIR/mail; the
 * development inbox page (/dev/inbox) lists them. File names sort by the
 * time the message was written.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { Mailer, OutgoingMail, SentMail } from './mailer.ts';
import { composedMessage } from './composed-message.ts';

export class EmlFileMailer implements Mailer {
  readonly #transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  readonly #directory: string;
  readonly #from: string;
  readonly #clock: Clock;

  constructor(options: { directory: string; from: string; clock: Clock }) {
    this.#directory = options.directory;
    this.#from = options.from;
    this.#clock = options.clock;
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = await this.#transport.sendMail(composedMessage(this.#from, mail));
    if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport did not buffer the message');
    await fs.promises.mkdir(this.#directory, { recursive: true });
    const file = path.join(this.#directory, emlFileName(this.#clock.now()));
    // Written under a temporary name, then renamed: the inbox never lists half a message.
    await fs.promises.writeFile(`${file}.partial`, info.message, { mode: 0o600 });
    await fs.promises.rename(`${file}.partial`, file);
    return { messageId: info.messageId };
  }

  /**
   * Deletes every message that names one of the addresses anywhere (its
   * To, or its text), compared without case: an erased person's mail must
   * not outlive their account in DATA_DIR/mail.
   */
  async forgetRecipients(addresses: readonly string[]): Promise<number> {
    const wanted = addresses.map((address) => address.trim().toLowerCase()).filter((address) => address !== '');
    if (wanted.length === 0) return 0;
    let names: string[];
    try {
      names = await fs.promises.readdir(this.#directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names.filter((file) => EML_FILE_NAME.test(file))) {
      const file = path.join(this.#directory, name);
      const source = (await fs.promises.readFile(file, 'utf8').catch(() => '')).toLowerCase();
      if (!wanted.some((address) => source.includes(address))) continue;
      await fs.promises.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  async close(): Promise<void> {
    this.#transport.close();
  }
}

/** 20260101T000000123Z-1a2b3c4d.eml: the time, sortable as text, then randomness for messages in the same millisecond. */
export function emlFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`;
}

export const EML_FILE_NAME = /^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/;
