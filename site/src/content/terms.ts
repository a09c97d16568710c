import type { CompanyDetails } from '@shine/shared/company';
import { BOOKING_ADVICE, GUARANTEE, PAYMENT } from './business-facts.ts';
import { buildLegalContact, type LegalSection, slugify } from './legal.ts';

type Draft = Omit<LegalSection, 'id'>;

const insured = `$${GUARANTEE.insuredUpToDollars / 1_000_000} million`;
const paymentMethods = `${PAYMENT.methods.slice(0, -1).join(', ')} and ${PAYMENT.methods.at(-1)}`;

/** The twelve sections of docs/requirements.md#legal (/terms), consistent with docs/requirements.md#constants. */
export function buildTermsSections(company: CompanyDetails): LegalSection[] {
  const sections: Draft[] = [
    {
      title: 'Agreement to Terms',
      paragraphs: [
        `These Terms of Service govern your use of the ${company.name} website and the cleaning services we provide. By requesting a quote, booking a service or using our website, you agree to these terms. If you do not agree, please do not use our website or services.`,
      ],
    },
    {
      title: 'Services Provided',
      paragraphs: [
        'We provide residential, commercial, deep, move in/out and post-construction cleaning, and optional add-ons such as interior windows, refrigerator, oven, garage, basement and carpet steam cleaning, in the Dallas-Fort Worth area.',
        'The tasks included in each service are described on our Services page and in your booking confirmation. Time estimates are a guide; the actual duration depends on the size and condition of your space.',
      ],
    },
    {
      title: 'Booking and Scheduling',
      paragraphs: [
        `You can book online 24/7 or by phone. We recommend booking at least ${BOOKING_ADVICE.regularHoursAhead} hours ahead for regular cleaning and 1 week ahead for deep or post-construction cleaning. Same-day and next-day service depend on availability.`,
        `To reschedule or cancel, give us at least ${BOOKING_ADVICE.changeNoticeHours} hours notice. Changes or cancellations with less notice, or a visit where we cannot get in, may be charged a cancellation fee.`,
      ],
    },
    {
      title: 'Payment Terms',
      paragraphs: [
        `Payment is due when the service is complete. We accept ${paymentMethods}. Recurring customers may use automatic billing to the card on file.`,
        `Balances not paid when due carry a late charge of ${PAYMENT.lateChargeMonthlyPercent}% per month. Returned checks carry a $${PAYMENT.returnedCheckFeeDollars} fee. We give recurring customers ${PAYMENT.priceChangeNoticeDays} days written notice before changing the price of their service.`,
        'Promotional codes, including first-cleaning discounts, apply once per household, cannot be combined unless stated, and have no cash value.',
      ],
    },
    {
      title: 'Customer Responsibilities',
      paragraphs: ['To help us do our best work, you agree to:'],
      list: [
        'Give us safe access to your property at the scheduled time, with working utilities (water and electricity).',
        'Secure valuables, cash, jewelry and fragile or irreplaceable items before your cleaning.',
        'Tell us about any hazards, damaged surfaces or items needing special care, and keep pets that may be anxious or aggressive separated.',
        'Provide accurate information about the size and condition of your space; the price may be adjusted if it differs significantly.',
      ],
    },
    {
      title: 'Liability and Insurance',
      paragraphs: [
        `${company.name} is licensed, bonded and insured up to ${insured}. If our team damages your property, report it within ${GUARANTEE.damageReportWithinHours} hours of the service with photos where possible. Most claims are resolved within ${GUARANTEE.resolvedWithinHours} hours, by repair, replacement or reimbursement at our option up to the item's actual cash value.`,
        'We are not responsible for normal wear and tear, pre-existing damage, items that were not secured, or damage caused by defective installation or materials.',
      ],
    },
    {
      title: 'Satisfaction Guarantee',
      paragraphs: [
        `If you are not satisfied with any area we cleaned, contact us within ${GUARANTEE.contactWithinHours} hours of your service. We will return to re-clean that area at no additional cost. The guarantee covers the tasks included in the service you booked.`,
      ],
    },
    {
      title: 'Privacy and Confidentiality',
      paragraphs: [
        'Our staff keep everything they see in your home or business confidential. Access codes and keys are used only for your service. Our Privacy Policy explains how we handle your personal information.',
      ],
    },
    {
      title: 'Service Termination',
      paragraphs: [
        `You may stop recurring service at any time by giving us at least ${BOOKING_ADVICE.changeNoticeHours} hours notice before your next appointment.`,
        'We may decline or end service if a property is unsafe, if staff are treated with disrespect or harassed, or if payments are repeatedly late. Any balance for services already performed remains due.',
      ],
    },
    {
      title: 'Dispute Resolution',
      paragraphs: [
        'If you have a concern, please contact us first; most issues can be resolved quickly and informally.',
        'Any dispute that cannot be resolved informally will be settled by binding arbitration in the county where the service was provided, under the laws of the State of Texas. Either party may bring qualifying claims in small claims court instead.',
      ],
    },
    {
      title: 'General Provisions',
      paragraphs: [
        'These terms are the entire agreement between you and us about our services. If any provision is found unenforceable, the rest remain in effect. Our failure to enforce a provision is not a waiver of it. We may update these terms; the version in effect at the time of your booking applies to that booking.',
      ],
    },
    {
      title: 'Contact Information',
      paragraphs: ['Questions about these Terms of Service? Contact us:'],
      list: buildLegalContact(company),
    },
  ];
  return sections.map((section) => ({ ...section, id: slugify(section.title) }));
}
