// A staff template as an e-mail in the company's layout (email.service.ts): the automations send it,
// the template editor previews it, through the same function. The template's content becomes the
// body: paragraphs where it leaves a blank line, line breaks where it breaks a line. Its own URLs,
// and the company's (the booking link), become links; a lead's values stay plain text, escaped like
// every text the layout renders, whatever a visitor typed into the quote form.
import { buildTemplateValues } from '@shine/shared/automation-rules';
import type { CompanyDetailsSettings } from '@shine/shared/company-settings';
import { renderTemplate, renderTemplateParts } from '@shine/shared/template-render';
import {
  type EmailBlock,
  type EmailContent,
  type EmailFooter,
  type Inline,
  linkify,
  type RenderedEmail,
  renderEmail,
  renderEmailPreview,
} from '../email/index.ts';

export interface EmailTemplateSource {
  name: string;
  subject: string | null;
  content: string;
}

const PARAGRAPH_BREAK = /\n[ \t]*\n\s*/;

/** Adjacent texts as one (a value between two pieces of the template reads as one sentence). */
function joinTexts(runs: Inline[]): Inline[] {
  const joined: Inline[] = [];
  for (const run of runs) {
    const last = joined[joined.length - 1];
    if (typeof run === 'string' && typeof last === 'string') joined[joined.length - 1] = last + run;
    else joined.push(run);
  }
  return joined;
}

function trimRuns(runs: Inline[]): Inline[] {
  const trimmed = joinTexts(runs);
  const first = trimmed[0];
  if (typeof first === 'string') trimmed[0] = first.trimStart();
  const lastIndex = trimmed.length - 1;
  const last = trimmed[lastIndex];
  if (typeof last === 'string') trimmed[lastIndex] = last.trimEnd();
  return trimmed.filter((run) => typeof run !== 'string' || run !== '');
}

/** The template's content, placeholders filled, as the paragraphs of an e-mail. */
export function templateBlocks(content: string, values: Readonly<Record<string, unknown>>): EmailBlock[] {
  const paragraphs: Inline[][] = [[]];
  const current = () => paragraphs[paragraphs.length - 1] as Inline[];
  for (const part of renderTemplateParts(content, values)) {
    if (part.isLeadValue) {
      current().push(part.text);
      continue;
    }
    part.text.split(PARAGRAPH_BREAK).forEach((piece, index) => {
      if (index > 0) paragraphs.push([]);
      if (piece) current().push(...linkify(piece));
    });
  }
  return paragraphs
    .map(trimRuns)
    .filter((runs) => runs.length > 0)
    .map((runs): EmailBlock => ({ kind: 'paragraph', runs }));
}

/** The first words of the body, for the inbox's preview line. */
function previewOf(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length > 140 ? `${words.slice(0, 139).trimEnd()}…` : words;
}

export function templateEmailContent(
  template: EmailTemplateSource,
  values: Readonly<Record<string, unknown>>,
  footer: EmailFooter,
): EmailContent {
  return {
    variant: 'customer',
    subject: renderTemplate(template.subject ?? template.name, values),
    preview: previewOf(renderTemplate(template.content, values)),
    blocks: templateBlocks(template.content, values),
    footer,
  };
}

/** A template rendered for a lead, as the automations send it. */
export function renderTemplateEmail(
  template: EmailTemplateSource,
  values: Readonly<Record<string, unknown>>,
  footer: EmailFooter,
): Promise<RenderedEmail> {
  return renderEmail(templateEmailContent(template, values, footer));
}

/** The example lead of a preview: every placeholder has something to show. */
export const PREVIEW_LEAD = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann.lee@example.com',
  phone: '(214) 555-0100',
  zipcode: '75201',
  bedrooms: '3',
  bathrooms: '2',
  cleaningType: 'Deep',
  frequency: 'Biweekly',
  notes: 'Two cats; please use the side door.',
  status: 'New',
  priority: 'Medium',
  source: 'Website Form',
  estimatedValue: 349,
} as const;

/**
 * A template being edited, as the example lead would get it (the editor's preview): the company's
 * review page as saved, and an example visit's arrival window.
 */
export function previewTemplateEmail(
  template: EmailTemplateSource,
  company: CompanyDetailsSettings,
  unsubscribeUrl: string,
  visitTime: string,
): Promise<RenderedEmail> {
  const values = buildTemplateValues(PREVIEW_LEAD, { reviewUrl: company.reviewUrl ?? null, visitTime });
  return renderEmailPreview(templateEmailContent(template, values, { company, unsubscribeUrl }));
}
