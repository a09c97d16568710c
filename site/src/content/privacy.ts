import type { CompanyDetails } from '@shine/shared/company';
import { PRIVACY } from './business-facts.ts';
import { buildLegalContact, type LegalSection, slugify } from './legal.ts';

type Draft = Omit<LegalSection, 'id'>;

/** The eleven sections of docs/requirements.md#legal (/privacy), consistent with docs/requirements.md#constants. */
export function buildPrivacySections(company: CompanyDetails): LegalSection[] {
  const sections: Draft[] = [
    {
      title: 'Overview',
      paragraphs: [
        `${company.name} ("we", "us", "our") respects your privacy. This Privacy Policy explains what personal information we collect when you visit our website, request a quote, book or receive a cleaning, and how we use, share and protect it.`,
        'By using our website or services you agree to the practices described in this policy.',
      ],
    },
    {
      title: 'Information We Collect',
      paragraphs: ['We collect only the information we need to quote, schedule and deliver your cleaning:'],
      list: [
        'Contact details: your name, e-mail address, phone number and zip code.',
        'Home and service details: number of bedrooms and bathrooms, the type and frequency of cleaning you want, access instructions and any notes you give us.',
        'Booking and payment records: appointment dates, services performed, invoices and payment status. Card payments are processed by our payment provider; we do not store full card numbers.',
        'Communications: messages, e-mails and call notes when you contact us.',
        'Technical data: basic information your browser sends, such as IP address, browser type and the pages you visit, which our servers log for security.',
      ],
    },
    {
      title: 'How We Use Your Information',
      paragraphs: ['We use your information to:'],
      list: [
        'Prepare your quote and respond to your requests within 24 hours.',
        'Schedule, perform and follow up on your cleanings, and send appointment confirmations and reminders.',
        'Process payments, including automatic billing for recurring service if you choose it.',
        'Honor our satisfaction guarantee and handle any damage claims.',
        'Send offers and news if you have agreed to receive them. You can opt out at any time.',
        'Protect our customers, staff and website against fraud and abuse, and meet our legal obligations.',
      ],
    },
    {
      title: 'Information Sharing and Disclosure',
      paragraphs: ['We do not sell or rent your personal information. We share it only:'],
      list: [
        'With service providers who help us run our business, such as payment processing, scheduling, e-mail and hosting, and who may use it only to provide those services to us.',
        'With our insurer when needed to handle a claim.',
        'When required by law, court order or to protect the rights, property or safety of our customers, staff or others.',
        'As part of a merger or sale of our business, in which case this policy continues to apply to your information.',
      ],
    },
    {
      title: 'Data Security',
      paragraphs: [
        'We protect your information with administrative, technical and physical safeguards: encrypted connections (HTTPS), access limited to staff who need it, individual staff accounts with strong passwords, and regular software updates.',
        'Entry codes and key information you give us are kept only for as long as we need them to serve you. No method of transmission or storage is completely secure, but we work hard to protect your data and will notify you of a breach as the law requires.',
      ],
    },
    {
      title: 'Your Privacy Rights',
      paragraphs: ['Depending on where you live, you may have the right to:'],
      list: [
        'Access the personal information we hold about you and receive a copy.',
        'Correct information that is inaccurate or incomplete.',
        'Ask us to delete your information, subject to records we must keep by law.',
        'Opt out of marketing messages at any time.',
      ],
      after: [
        `To make a request, contact us using the details below. We respond to every request within ${PRIVACY.requestResponseDays} days and may ask you to verify your identity first.`,
      ],
    },
    {
      title: 'Cookies and Tracking Technologies',
      paragraphs: [
        "Our public website does not use advertising or cross-site tracking cookies. It uses your browser's session storage only to carry short-lived information between pages, such as the confirmation shown after you request a quote, and this is cleared when you close the tab.",
        'If you arrive from one of our campaigns, we may record the campaign and referring website with your quote request so we know which of our outreach works. You can block or delete cookies and site data in your browser settings.',
      ],
    },
    {
      title: 'Data Retention',
      paragraphs: [
        `We keep customer records for ${PRIVACY.retentionYears} years after your last service, to meet tax, accounting and insurance requirements and to resolve any dispute. Quote requests that never became a booking are deleted sooner. When information is no longer needed, we delete or anonymize it securely.`,
      ],
    },
    {
      title: "Children's Privacy",
      paragraphs: [
        `Our website and services are not directed to children under ${PRIVACY.minimumAge}, and we do not knowingly collect personal information from them. If you believe a child under ${PRIVACY.minimumAge} has given us personal information, contact us and we will delete it.`,
      ],
    },
    {
      title: 'Changes to This Privacy Policy',
      paragraphs: [
        'We may update this policy from time to time. The "last updated" date at the top of this page shows when it was last revised, and significant changes will be highlighted on our website or sent to you by e-mail.',
      ],
    },
    {
      title: 'Contact Us',
      paragraphs: [
        'If you have questions about this Privacy Policy or want to exercise your privacy rights, contact us:',
      ],
      list: buildLegalContact(company),
    },
  ];
  return sections.map((section) => ({ ...section, id: slugify(section.title) }));
}
