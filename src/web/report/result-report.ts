/**
 * A result as a PDF a leader can forward: the company, total and tier; the
 * overview (every dimension's level by function, the function averages, the
 * strengths and gaps); then each dimension with its level, confidence, the
 * evidence quoted from the site (with the page it came from), why it has
 * that level and the next step. Drawn on the server with pdfkit, in Inter
 * (the image card's font, read once from @fontsource/inter), so the text is
 * real text: it can be searched, copied and read back (pdftotext).
 *
 * Best-effort on scripts: the embedded font covers Latin (with Latin-1 and
 * the usual punctuation); a quote in another script shows missing glyphs.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type PDFDocument from 'pdfkit';
import { dimensionById } from '../../framework/dimensions.ts';
import { MAX_LEVEL, stageForLevel } from '../../framework/tiers.ts';
import { pagesRead, quickScoreLabelOf } from '../../modules/scoring/result-depth.ts';
import type { DimensionScore, ScoringResult } from '../../modules/scoring/result-schema.ts';
import { companyLabel, evidenceItems, functionSummaries, MAX_TOTAL_SCORE, nextStepOf, scoredOn } from '../result-summary.ts';

function interFile(weight: 400 | 700): Buffer {
  return fs.readFileSync(fileURLToPath(import.meta.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)));
}

/** Read once: a report is drawn in a few milliseconds, the fonts would cost more to read each time. */
const FONTS = { regular: interFile(400), bold: interFile(700) };

/** The printed palette: the pages' level colours on white, dark enough to print in grey too. */
const INK = '#14192b';
const MUTED = '#4b5470';
const RULE = '#d5dbe8';
const LEVEL_COLOURS: Record<number, string> = { 1: '#c2410c', 2: '#b7791f', 3: '#2f855a', 4: '#2f4fd6' };
const MARGIN = 50;

export interface ReportOptions {
  /** The address of the result's page, printed on every page. */
  pageUrl: string;
  /** "Example result" for the demos; nothing for a real one. */
  banner?: string;
}

type Doc = InstanceType<typeof PDFDocument>;

function contentWidth(doc: Doc): number {
  return doc.page.width - MARGIN * 2;
}

/** Starts a new page when fewer than `height` points are left. */
function keepTogether(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
}

function heading(doc: Doc, text: string, size = 15): void {
  keepTogether(doc, size * 4);
  doc.moveDown(0.8).font('bold').fontSize(size).fillColor(INK).text(text);
  doc.moveDown(0.3);
}

/** A small filled square in the level's colour, with its number when the line beside it does not say it: the report's heat cell. */
function levelBadge(doc: Doc, x: number, y: number, level: number, numbered = true): void {
  doc
    .save()
    .roundedRect(x, y, 16, 16, 3)
    .fill(LEVEL_COLOURS[level] ?? MUTED)
    .restore();
  if (numbered)
    doc
      .font('bold')
      .fontSize(9)
      .fillColor('#ffffff')
      .text(String(level), x, y + 4, { width: 16, align: 'center', lineBreak: false });
}

function header(doc: Doc, result: ScoringResult, options: ReportOptions): void {
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(options.banner ? `Product maturity report · ${options.banner}` : 'Product maturity report');
  doc.moveDown(0.3).font('bold').fontSize(24).fillColor(INK).text(companyLabel(result));
  const pages = pagesRead(result);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${result.url} · scored on ${scoredOn(result)}${pages !== null ? ` from ${pages} ${pages === 1 ? 'page' : 'pages'}` : ''}`);
  const quick = quickScoreLabelOf(result);
  if (quick) doc.fillColor(INK).text(`${quick}: a quick score reads a few pages only; its levels rest on less evidence than a full score's.`);
  doc.moveDown(0.8);
  // The total, large, with "of 108" and the tier on its baseline: drawn at set positions, since text of three sizes on one line would not align.
  const top = doc.y;
  doc.font('bold').fontSize(30).fillColor(INK).text(String(result.totalScore), MARGIN, top, { lineBreak: false });
  const afterTotal = MARGIN + doc.widthOfString(String(result.totalScore)) + 6;
  doc
    .font('regular')
    .fontSize(14)
    .fillColor(MUTED)
    .text(`of ${MAX_TOTAL_SCORE}`, afterTotal, top + 13, { lineBreak: false });
  const afterOutOf = afterTotal + doc.widthOfString(`of ${MAX_TOTAL_SCORE}`) + 14;
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(result.stageName, afterOutOf, top + 9, { lineBreak: false });
  doc.x = MARGIN;
  doc.y = top + 40;
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `Total ${result.totalScore} of ${MAX_TOTAL_SCORE}, tier ${result.stageName}: the sum of 27 dimensions, each from level 1 (${stageForLevel(1)}) to ${MAX_LEVEL} (${stageForLevel(MAX_LEVEL)}).`,
    );
}

function namesWithLevels(result: ScoringResult, ids: readonly string[]): string {
  if (ids.length === 0) return 'None stood out.';
  return ids
    .map((id) => {
      const score = result.dimensions.find((d) => d.dimensionId === id);
      return score ? `${score.dimensionName} (level ${score.score})` : id;
    })
    .join(', ');
}

function overview(doc: Doc, result: ScoringResult): void {
  heading(doc, 'At a glance');
  doc.font('bold').fontSize(10).fillColor(INK).text('Strengths: ', { continued: true }).font('regular').text(namesWithLevels(result, result.strengths));
  doc.font('bold').text('Gaps: ', { continued: true }).font('regular').text(namesWithLevels(result, result.gaps));
  doc.moveDown(0.6);
  const width = contentWidth(doc);
  for (const f of functionSummaries(result)) {
    keepTogether(doc, 20 + f.dimensions.length * 20);
    doc.font('bold').fontSize(11).fillColor(INK).text(`${f.label}`, MARGIN, doc.y, { continued: true });
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(MUTED)
      .text(`   average ${f.average.toFixed(1)} of ${MAX_LEVEL}`);
    for (const score of f.dimensions) {
      keepTogether(doc, 22);
      const y = doc.y + 2;
      levelBadge(doc, MARGIN, y, score.score);
      doc
        .font('regular')
        .fontSize(10)
        .fillColor(INK)
        .text(score.dimensionName, MARGIN + 24, y + 3, { width: width * 0.6, lineBreak: false });
      doc
        .fillColor(MUTED)
        .text(`Level ${score.score} · ${score.stageName}`, MARGIN + 24 + width * 0.6, y + 3, { width: width * 0.4 - 24, align: 'right', lineBreak: false });
      doc.x = MARGIN;
      doc.y = y + 20;
    }
    doc.moveDown(0.4);
  }
  if (result.crossDimensionNotes) {
    heading(doc, 'Across dimensions', 12);
    doc.font('regular').fontSize(10).fillColor(INK).text(result.crossDimensionNotes);
  }
  if (result.antiPatternsDetected && result.antiPatternsDetected.length > 0) {
    heading(doc, 'Patterns to watch', 12);
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(INK)
      .list([...result.antiPatternsDetected], { bulletRadius: 1.5 });
  }
}

function dimension(doc: Doc, score: DimensionScore): void {
  keepTogether(doc, 110);
  doc.moveDown(0.8);
  const y = doc.y;
  levelBadge(doc, MARGIN, y, score.score, false);
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text(score.dimensionName, MARGIN + 24, y + 2);
  doc.x = MARGIN;
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(`Level ${score.score} of ${MAX_LEVEL} · ${score.stageName} · ${score.confidence} confidence · ${dimensionById(score.dimensionId).summary}`);
  doc.moveDown(0.3);
  const items = evidenceItems(score.evidence);
  doc.font('bold').fontSize(9.5).fillColor(INK).text('Evidence');
  if (items.length === 0) doc.font('regular').fillColor(MUTED).text('No evidence was recorded.');
  for (const item of items) {
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(INK)
      .text(item.kind === 'quote' ? `“${item.text}”` : item.text, MARGIN + 10, doc.y, { width: contentWidth(doc) - 10 });
    if (item.url)
      doc
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(item.url, MARGIN + 10, doc.y, { width: contentWidth(doc) - 10 });
    doc.moveDown(0.2);
  }
  doc.x = MARGIN;
  doc.moveDown(0.2).font('bold').fontSize(9.5).fillColor(INK).text('Why this level: ', { continued: true }).font('regular').text(score.reasoning);
  const next = nextStepOf(score);
  doc.moveDown(0.2).font('bold').text(`${next.label}: `, { continued: true }).font('regular').text(next.text);
}

/** Every page's foot: where the result lives, and the page's number. */
function footers(doc: Doc, options: ReportOptions): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Below the bottom margin: lift it for the footer, or pdfkit would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Maturity Scoring · ${options.pageUrl} · page ${index + 1} of ${range.count}`, MARGIN, doc.page.height - 35, {
        width: contentWidth(doc),
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** The report as PDF bytes. */
export async function resultReportPdf(result: ScoringResult, options: ReportOptions): Promise<Buffer> {
  // pdfkit is loaded by the first report asked for, not at start: it holds about 10 MB the idle service needs not (issue 29, item 7).
  const { default: PdfDocument } = await import('pdfkit');
  const company = companyLabel(result);
  const doc = new PdfDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${company}: product maturity report`,
      Author: 'Maturity Scoring',
      Subject: `${result.totalScore} of ${MAX_TOTAL_SCORE}, ${result.stageName}`,
    },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(doc, result, options);
  overview(doc, result);
  doc.addPage();
  doc.font('bold').fontSize(15).fillColor(INK).text('Every dimension');
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text('Each level rests on sentences quoted from the company’s own pages; the next step is the first move towards the level above.');
  for (const f of functionSummaries(result)) {
    heading(doc, `${f.label} · average ${f.average.toFixed(1)} of ${MAX_LEVEL}`, 13);
    doc
      .save()
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + contentWidth(doc), doc.y)
      .strokeColor(RULE)
      .stroke()
      .restore();
    for (const score of f.dimensions) dimension(doc, score);
  }
  footers(doc, options);
  doc.end();
  return done;
}

/** "Acme Corp" -> "acme-corp-maturity-report.pdf". */
export function reportFileName(result: Pick<ScoringResult, 'companyName' | 'url'>): string {
  const slug = companyLabel(result)
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .slice(0, 60);
  return `${slug || 'result'}-maturity-report.pdf`;
}
