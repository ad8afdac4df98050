/**
 * Reads the .eml files the embedded mailer writes, for the development
 * inbox page. A deliberately small reader of what nodemailer writes (header
 * fields, encoded words, a multipart/alternative body in 7bit,
 * quoted-printable or base64), not a general MIME parser: the page also
 * shows each message's source, so nothing is hidden when it falls short.
 */
import fs from 'node:fs';
import path from 'node:path';
import { EML_FILE_NAME } from './eml-file-mailer.ts';

export interface InboxEntry {
  file: string;
  subject: string;
  to: string;
  date: string;
}

export interface InboxMessage extends InboxEntry {
  from: string;
  /** The decoded text part, or null when this reader could not find one. */
  text: string | null;
  /** The whole message as written. */
  source: string;
}

/** The messages in `directory`, newest first; none when it does not exist yet. */
export async function listInbox(directory: string): Promise<InboxEntry[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names
    .filter((name) => EML_FILE_NAME.test(name))
    .sort()
    .reverse();
  return Promise.all(
    files.map(async (file) => {
      const { subject, to, date } = await readInboxMessage(directory, file).then((message) => message!);
      return { file, subject, to, date };
    }),
  );
}

/** One message by file name; null for a name that is not one of the inbox's files. */
export async function readInboxMessage(directory: string, file: string): Promise<InboxMessage | null> {
  // Only names the mailer writes: no path can reach outside the directory.
  if (!EML_FILE_NAME.test(file)) return null;
  let source: string;
  try {
    source = await fs.promises.readFile(path.join(directory, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const { fields, body } = splitMessage(source);
  return {
    file,
    subject: decodeWords(fields.get('subject') ?? ''),
    to: decodeWords(fields.get('to') ?? ''),
    from: decodeWords(fields.get('from') ?? ''),
    date: fields.get('date') ?? '',
    text: textPart(fields, body),
    source,
  };
}

function splitMessage(source: string): { fields: Map<string, string>; body: string } {
  const normalised = source.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const fields = new Map<string, string>();
  // Folded lines (starting with white space) continue the field above them.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { fields, body };
}

/** The text/plain part of a single-part or multipart message, decoded. */
function textPart(fields: Map<string, string>, body: string): string | null {
  const contentType = fields.get('content-type') ?? 'text/plain';
  if (/^text\/plain/i.test(contentType)) return decodeBody(body, fields.get('content-transfer-encoding'));
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!/^multipart\//i.test(contentType) || !boundary) return null;
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const inner = splitMessage(part.replace(/^\n/, ''));
    const found = textPart(inner.fields, inner.body.replace(/\n$/, ''));
    if (found !== null) return found;
  }
  return null;
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
