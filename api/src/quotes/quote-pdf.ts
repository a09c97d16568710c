// The quote as a PDF (pdfkit): text, not pictures of text, so it can be selected, searched and read
// aloud. Built from the same answer the API gives, so the PDF and the page never disagree.
import { colors } from '@shine/design-tokens';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import { formatAmount } from '@shine/shared/quote-pricing';
import type { Quote } from '@shine/shared/responses/quotes';
import PDFDocument from 'pdfkit';
import {
  ALWAYS_INCLUDED,
  CANCELLATION_TERMS,
  GUARANTEE_TERMS,
  INCLUDED,
  priceLineText,
  recurringPriceLines,
  WELCOME_NOTE,
} from './quote-terms.ts';

const MARGIN = 54;
const PAGE_WIDTH = 612; // US Letter, in points
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const COLUMNS = { description: MARGIN, quantity: MARGIN + 290, unit: MARGIN + 340, amount: MARGIN + 420 };
const AMOUNT_WIDTH = CONTENT_WIDTH - (COLUMNS.amount - MARGIN);

function dateText(iso: string | null, timeZone: string): string {
  return iso ? new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(iso)) : '—';
}

type Doc = InstanceType<typeof PDFDocument>;

function row(doc: Doc, cells: { description: string; quantity?: string; unit?: string; amount: string }, bold = false) {
  const y = doc.y;
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(10)
    .fillColor(colors.text);
  doc.text(cells.description, COLUMNS.description, y, { width: 280 });
  const end = doc.y;
  if (cells.quantity) doc.text(cells.quantity, COLUMNS.quantity, y, { width: 40, align: 'right' });
  if (cells.unit) doc.text(cells.unit, COLUMNS.unit, y, { width: 70, align: 'right' });
  doc.text(cells.amount, COLUMNS.amount, y, { width: AMOUNT_WIDTH, align: 'right' });
  doc.x = MARGIN;
  doc.y = Math.max(end, doc.y) + 4;
}

function heading(doc: Doc, text: string) {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor(colors.primary).text(text, MARGIN);
  doc.moveDown(0.3).fillColor(colors.text);
}

function bullets(doc: Doc, items: readonly string[]) {
  doc.font('Helvetica').fontSize(10).fillColor(colors.text);
  for (const item of items) doc.text(`•  ${item}`, MARGIN, doc.y, { width: CONTENT_WIDTH });
}

/** The PDF of `quote` for `customerName`; dates in the business's time zone. */
export function renderQuotePdf(quote: Quote, customerName: string, timeZone: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `${DEFAULT_COMPANY.name} quote v${quote.version}`, Author: DEFAULT_COMPANY.name },
    lang: 'en-US',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).fillColor(colors.primary).text(DEFAULT_COMPANY.name);
  doc.font('Helvetica').fontSize(9).fillColor(colors.textMuted);
  doc.text(
    `${DEFAULT_COMPANY.streetAddress}, ${DEFAULT_COMPANY.city}, ${DEFAULT_COMPANY.region} ${DEFAULT_COMPANY.postalCode}`,
  );
  doc.text(`${DEFAULT_COMPANY.phone}  ·  ${DEFAULT_COMPANY.email}`);
  doc.moveDown(1).font('Helvetica-Bold').fontSize(16).fillColor(colors.text).text(`Quote for ${customerName}`);
  doc.font('Helvetica').fontSize(10).fillColor(colors.textMuted);
  doc.text(
    `Version ${quote.version}  ·  Sent ${dateText(quote.sentAt, timeZone)}  ·  Valid until ${dateText(quote.validUntil, timeZone)}`,
  );
  if (quote.message)
    doc.moveDown(0.6).fillColor(colors.text).fontSize(11).text(quote.message, { width: CONTENT_WIDTH });

  heading(doc, 'Your quote');
  row(doc, { description: 'Item', quantity: 'Qty', unit: 'Unit price', amount: 'Amount' }, true);
  for (const item of quote.lineItems) {
    row(doc, {
      description: item.description,
      quantity: String(item.quantity),
      unit: formatAmount(item.unitPrice),
      amount: formatAmount(item.amount),
    });
  }
  row(doc, { description: 'Subtotal', amount: formatAmount(quote.subtotal) }, true);
  for (const discount of quote.discounts)
    row(doc, { description: discount.description, amount: `-${formatAmount(discount.amount)}` });
  if (quote.tax !== '0.00') row(doc, { description: `Tax (${quote.taxRate}%)`, amount: formatAmount(quote.tax) });
  row(doc, { description: 'Total', amount: formatAmount(quote.total) }, true);
  // A recurring quote's two prices, as its page says them: the total above is the first cleaning's.
  const prices = recurringPriceLines(quote);
  if (prices) {
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(11).fillColor(colors.text);
    for (const line of prices) doc.text(priceLineText(line), MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.3);
  }
  if (quote.welcomeDiscount) doc.font('Helvetica').fontSize(9).fillColor(colors.textMuted).text(WELCOME_NOTE, MARGIN);

  heading(doc, 'What is included');
  bullets(doc, [...INCLUDED[quote.cleaning.cleaningType], ALWAYS_INCLUDED]);
  heading(doc, 'Our guarantee');
  bullets(doc, GUARANTEE_TERMS);
  heading(doc, 'Scheduling, cancellation and payment');
  bullets(doc, CANCELLATION_TERMS);
  doc.moveDown(1).font('Helvetica').fontSize(10).fillColor(colors.text);
  doc.text('Accept or decline this quote online with the link in our message, or call us.', MARGIN, doc.y, {
    width: CONTENT_WIDTH,
  });
  doc.end();
  return done;
}
