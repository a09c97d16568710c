// The plain-text twin of an e-mail: the same blocks as its HTML, as a mail app without HTML (or a
// screen reader reading the text part) would want them. Links are written out in full.
import { addressLine, type EmailBlock, type EmailContent, type EmailFooter, type Inline } from './email-content.ts';

function inlineText(runs: readonly Inline[]): string {
  return runs
    .map((run) => (typeof run === 'string' ? run : run.text === run.href ? run.href : `${run.text} (${run.href})`))
    .join('');
}

function blockText(block: EmailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return inlineText(block.runs);
    case 'button':
      return `${block.label}: ${block.href}`;
    case 'amounts':
      return [
        `${block.caption}:`,
        ...block.lines.map((line) => `${line.label}: ${line.amount}`),
        `${block.total.label}: ${block.total.amount}`,
      ].join('\n');
    case 'callout':
      return `${block.title}\n${block.text}`;
  }
}

/** The footer's lines, after the "--" that sets it apart from the message. */
export function footerLines(footer: EmailFooter): string[] {
  return [
    `${footer.company.name}, ${addressLine(footer.company)}`,
    ...(footer.phone ? [footer.phone] : []),
    ...(footer.reason ? [footer.reason] : []),
    ...(footer.unsubscribeUrl ? [`Unsubscribe from these e-mails: ${footer.unsubscribeUrl}`] : []),
  ];
}

export function renderEmailText(content: EmailContent): string {
  const blocks = [...(content.heading ? [content.heading] : []), ...content.blocks.map(blockText)];
  return [...blocks, ['--', ...footerLines(content.footer)].join('\n')].join('\n\n');
}
