import PDFDocument from 'pdfkit';
import { formatMoney as formatAmount } from '../../platform/shared/money';
import type { DocumentBody, DocumentLine } from './document.entity';

/**
 * A document's PDF, rendered on demand from its immutable row (pdfkit). The text is set in DejaVu
 * Sans (TrueType, from the `dejavu-fonts-ttf` package), embedded and subset by pdfkit, so it is
 * selectable and searchable and covers every currency sign; amounts are formatted per currency with Intl.
 */

const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');


export interface PdfDocumentRow {
  number: string;
  currency: string;
  issuedAt: Date;
  body: DocumentBody;
}

export function renderDocumentPdf(doc: PdfDocumentRow): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    // Fixed dates make the bytes depend on the row alone.
    info: { Title: `${doc.body.title} ${doc.number}`, Author: 'CollabHub', Producer: 'CollabHub', Creator: 'CollabHub', CreationDate: doc.issuedAt, ModDate: doc.issuedAt },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('body', FONT);
  pdf.registerFont('bold', FONT_BOLD);
  const money = (cents: number) => formatAmount(cents, doc.currency);
  const { body } = doc;
  const left = 50;
  const right = pdf.page.width - 50;
  const amountX = right - 140;

  pdf.font('bold').fontSize(20).text(body.title, left, 50);
  pdf.font('body').fontSize(10).text(`Number: ${doc.number}`, { align: 'left' });
  pdf.text(`Issued: ${doc.issuedAt.toISOString().slice(0, 10)}`);
  if (body.period) pdf.text(`Period: ${body.period.from} to ${body.period.to}`);
  if (body.references) pdf.text(`Corrects invoice ${body.references.number} of ${body.references.issuedAt.slice(0, 10)}`);
  pdf.moveDown();

  const partiesY = pdf.y;
  const party = (label: string, p: DocumentBody['seller'], x: number) => {
    pdf.font('bold').fontSize(10).text(label, x, partiesY, { width: 230 });
    pdf.font('body').text(p.name, { width: 230 });
    for (const line of p.lines) pdf.text(line, { width: 230 });
    return pdf.y;
  };
  const bottom = Math.max(party('From', body.seller, left), party('To', body.buyer, left + 260));
  pdf.y = bottom + 20;
  pdf.x = left;
  if (body.subject) pdf.font('body').text(body.subject, left, pdf.y, { width: right - left }).moveDown();

  const row = (line: DocumentLine, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'bold' : 'body').fontSize(10).text(line.description, left, y, { width: amountX - left - 10 });
    const afterText = pdf.y;
    if (line.detail) pdf.font('body').fontSize(8).fillColor('#555555').text(line.detail, left, afterText, { width: amountX - left - 10 }).fillColor('black');
    const afterDetail = pdf.y;
    pdf.font(bold ? 'bold' : 'body').fontSize(10).text(money(line.amountCents), amountX, y, { width: right - amountX, align: 'right' });
    pdf.y = Math.max(afterDetail, pdf.y) + 4;
  };
  pdf.font('bold').fontSize(10).text('Description', left, pdf.y, { continued: false });
  pdf.moveTo(left, pdf.y + 2).lineTo(right, pdf.y + 2).stroke();
  pdf.y += 6;
  for (const line of body.lines) row(line);
  pdf.moveTo(left, pdf.y).lineTo(right, pdf.y).stroke();
  pdf.y += 6;
  body.totals.forEach((t, i) => row(t, i === body.totals.length - 1));
  pdf.moveDown();
  for (const note of body.notes) pdf.font('body').fontSize(9).text(note, left, pdf.y, { width: right - left }).moveDown(0.5);
  pdf.end();
  return done;
}
