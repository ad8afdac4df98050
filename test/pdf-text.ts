/**
 * A PDF's text as a reader gets it, laid out as on the page (-layout: a row's
 * cells stay on its line), through poppler's pdftotext (Debian's
 * poppler-utils, which .ci/run installs). A missing pdftotext fails the test
 * with the command that installs it: a skipped check would look green.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-text-'));
  const file = path.join(dir, 'report.pdf');
  fs.writeFileSync(file, pdf);
  try {
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('pdftotext is missing: apt-get install poppler-utils', { cause: error });
    throw error;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** How many pages the PDF has, from pdfinfo (poppler-utils too). */
export async function pdfPageCount(pdf: Buffer): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-info-'));
  const file = path.join(dir, 'report.pdf');
  fs.writeFileSync(file, pdf);
  try {
    const { stdout } = await run('pdfinfo', [file]);
    return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
