// The one e-mail layout (docs/decisions.md, "E-mail layout"): react-email's components, which render
// to the table-based, inline-styled HTML that mail apps display, in the company's design tokens. Each
// component from its own package: @react-email/components would also load Tailwind (seconds, once per
// process). No JSX: the API runs its TypeScript as Node strips it, so the elements are built with
// createElement. React escapes every text it renders: a placeholder's value can never become markup.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { colors, radius, spacing, typography } from '@shine/design-tokens';
import { type CSSProperties, createElement as h, type ReactNode } from 'react';
import { addressLine, type EmailBlock, type EmailContent, type Inline } from './email-content.ts';

/** The widest a message gets: what every mail app shows without scrolling sideways. */
export const EMAIL_WIDTH = 600;

const font = typography.fontFamily;

/**
 * Dark mode for the mail apps that honour prefers-color-scheme (Apple Mail, iOS, Outlook for Mac);
 * the others invert the light colours themselves. Every pair keeps WCAG AA contrast.
 */
const DARK_MODE_CSS = `
:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme: dark){
.email-body,.email-frame{background-color:#0f1620!important}
.email-card{background-color:#1b2430!important;border-color:#3a4656!important}
.email-card h1,.email-card p,.email-card td,.email-brand{color:#e8edf3!important}
.email-card a,.email-footer a{color:#9ccbff!important}
.email-card a.email-button{background-color:#9ccbff!important;color:#0b1220!important}
.email-total td{border-color:#3a4656!important}
.email-callout{background-color:#3a2416!important;border-color:#ffb38a!important}
.email-callout p{color:#ffe2d1!important}
.email-footer p,.email-muted{color:#c3ccd8!important}
}`;

const styles = {
  body: { margin: 0, padding: 0, backgroundColor: colors.surfaceAlt, fontFamily: font, color: colors.text },
  frame: { maxWidth: `${EMAIL_WIDTH}px`, width: '100%', margin: '0 auto', padding: `${spacing[5]}px ${spacing[3]}px` },
  brand: { margin: 0, fontSize: '18px', lineHeight: '24px', fontWeight: 700, color: colors.text },
  card: {
    backgroundColor: colors.surface,
    border: `1px solid ${colors.border}`,
    borderRadius: `${radius.md}px`,
    padding: `${spacing[5]}px`,
  },
  heading: { margin: `0 0 ${spacing[4]}px`, fontSize: '24px', lineHeight: '30px', fontWeight: 700, color: colors.text },
  // A long link breaks where it must rather than widen a phone's screen.
  paragraph: {
    margin: `0 0 ${spacing[4]}px`,
    fontSize: '16px',
    lineHeight: '24px',
    color: colors.text,
    overflowWrap: 'anywhere',
    wordBreak: 'break-word',
  },
  note: {
    margin: `0 0 ${spacing[4]}px`,
    fontSize: '14px',
    lineHeight: '21px',
    color: colors.textMuted,
    overflowWrap: 'anywhere',
    wordBreak: 'break-word',
  },
  link: { color: colors.primary, textDecoration: 'underline' },
  button: {
    display: 'inline-block',
    backgroundColor: colors.primary,
    color: '#ffffff',
    fontSize: '16px',
    lineHeight: '20px',
    fontWeight: 700,
    textDecoration: 'none',
    padding: `${spacing[3]}px ${spacing[5]}px`,
    borderRadius: `${radius.pill}px`,
  },
  cell: { padding: `${spacing[1]}px 0`, fontSize: '16px', lineHeight: '24px', color: colors.text },
  callout: {
    backgroundColor: colors.promoSoft,
    borderLeft: `4px solid ${colors.promo}`,
    borderRadius: `${radius.sm}px`,
    padding: `${spacing[3]}px ${spacing[4]}px`,
    margin: `0 0 ${spacing[4]}px`,
  },
  footer: { padding: `${spacing[4]}px ${spacing[5]}px` },
  footerText: {
    margin: `0 0 ${spacing[1]}px`,
    fontSize: '13px',
    lineHeight: '20px',
    color: colors.textMuted,
    overflowWrap: 'anywhere',
    wordBreak: 'break-word',
  },
} satisfies Record<string, CSSProperties>;

function inlines(runs: readonly Inline[]): ReactNode[] {
  return runs.flatMap((run, index): ReactNode[] => {
    if (typeof run !== 'string') return [h(Link, { key: index, href: run.href, style: styles.link }, run.text)];
    return run.split('\n').flatMap((line, at) => (at === 0 ? [line] : [h('br', { key: `${index}-${at}` }), line]));
  });
}

function amountRow(label: string, amount: string, key: string, style: CSSProperties = {}): ReactNode {
  return h(
    'tr',
    { key },
    h('td', { style: { ...styles.cell, ...style } }, label),
    h(
      'td',
      { style: { ...styles.cell, ...style, textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: '16px' } },
      amount,
    ),
  );
}

function block(item: EmailBlock, key: number): ReactNode {
  switch (item.kind) {
    case 'paragraph':
      return h(Text, { key, style: styles.paragraph }, ...inlines(item.runs));
    case 'note':
      return h(Text, { key, style: styles.note, className: 'email-muted' }, ...inlines(item.runs));
    case 'button':
      return h(
        Section,
        { key, style: { margin: `${spacing[2]}px 0 ${spacing[5]}px` } },
        h(Button, { href: item.href, className: 'email-button', style: styles.button }, item.label),
      );
    case 'amounts': {
      const total = { fontWeight: 700, borderTop: `1px solid ${colors.border}`, paddingTop: `${spacing[2]}px` };
      return h(
        Section,
        { key, style: { margin: `0 0 ${spacing[4]}px` } },
        h(Text, { style: { ...styles.paragraph, margin: `0 0 ${spacing[2]}px`, fontWeight: 700 } }, item.caption),
        h(
          'table',
          { role: 'presentation', width: '100%', cellPadding: 0, cellSpacing: 0, border: 0 },
          h(
            'tbody',
            null,
            ...item.lines.map((line, at) => amountRow(line.label, line.amount, String(at))),
            h(
              'tr',
              { key: 'total', className: 'email-total' },
              h('td', { style: { ...styles.cell, ...total, fontSize: '18px' } }, item.total.label),
              h(
                'td',
                { style: { ...styles.cell, ...total, fontSize: '18px', textAlign: 'right', whiteSpace: 'nowrap' } },
                item.total.amount,
              ),
            ),
          ),
        ),
      );
    }
    case 'callout':
      return h(
        Section,
        { key, className: 'email-callout', style: styles.callout },
        h(Text, { style: { ...styles.paragraph, margin: 0, fontWeight: 700, color: colors.promo } }, item.title),
        h(Text, { style: { ...styles.paragraph, margin: 0 } }, item.text),
      );
  }
}

function header(content: EmailContent, logoSrc: string): ReactNode {
  const { name } = content.footer.company;
  const size = content.variant === 'staff' ? 32 : 40;
  return h(
    Section,
    { style: { padding: `0 ${spacing[1]}px ${spacing[4]}px` } },
    h(
      Row,
      null,
      h(
        Column,
        { style: { width: `${size + spacing[3]}px`, verticalAlign: 'middle' } },
        h(Img, {
          src: logoSrc,
          width: size,
          height: size,
          alt: `${name} logo`,
          // React would otherwise add a <link rel="preload"> for it to the head: no mail app wants one.
          fetchPriority: 'low',
          // With images off, the alt text shows in the brand's colour and weight.
          style: {
            display: 'block',
            borderRadius: `${radius.sm}px`,
            color: colors.primary,
            fontWeight: 700,
            fontSize: '12px',
          },
        }),
      ),
      h(
        Column,
        { style: { verticalAlign: 'middle' } },
        h(
          Text,
          {
            className: 'email-brand',
            style: { ...styles.brand, ...(content.variant === 'staff' ? { fontSize: '16px' } : {}) },
          },
          content.variant === 'staff' ? `${name} · Team` : name,
        ),
      ),
    ),
  );
}

function footer(content: EmailContent): ReactNode {
  const { company, phone, reason, unsubscribeUrl } = content.footer;
  const line = (key: string, ...children: ReactNode[]) => h(Text, { key, style: styles.footerText }, ...children);
  return h(
    Section,
    { className: 'email-footer', style: styles.footer },
    line('address', `${company.name}, ${addressLine(company)}`),
    phone ? line('phone', phone) : null,
    reason ? line('reason', reason) : null,
    unsubscribeUrl
      ? line('unsubscribe', h(Link, { href: unsubscribeUrl, style: styles.link }, 'Unsubscribe from these e-mails'))
      : null,
  );
}

function EmailDocument({ content, logoSrc }: { content: EmailContent; logoSrc: string }): ReactNode {
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(
      Head,
      null,
      h('title', null, content.subject),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
      // Its text has no character HTML would escape, so it reaches the message as written.
      h('style', null, DARK_MODE_CSS),
    ),
    h(
      Body,
      { className: 'email-body', style: styles.body },
      h(Preview, null, content.preview),
      h(
        Container,
        { className: 'email-frame', style: styles.frame },
        header(content, logoSrc),
        h(
          Section,
          { className: 'email-card', style: styles.card },
          content.heading ? h(Heading, { as: 'h1', style: styles.heading }, content.heading) : null,
          ...content.blocks.map(block),
        ),
        footer(content),
      ),
    ),
  );
}

/** The message's HTML; `logoSrc` is the logo's cid: in a sent message, a data: URL in a preview. */
export function renderEmailHtml(content: EmailContent, logoSrc: string): Promise<string> {
  return render(h(EmailDocument, { content, logoSrc }));
}
