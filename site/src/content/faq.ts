import type { CompanyDetails } from '@shine/shared/company';
import { PROMO_AMOUNT_DOLLARS, PROMO_CODE } from '@shine/shared/constants';
import {
  BOOKING_ADVICE,
  BUSINESS_HOURS,
  GUARANTEE,
  PAYMENT,
  QUOTE_RESPONSE_HOURS,
  SERVICE_AREA_CITIES,
  STARTING_PRICES,
  SUPPORT,
} from './business-facts.ts';

export interface FaqItem {
  question: string;
  /** Paragraphs of plain text. */
  answer: readonly string[];
}

export interface FaqGroup {
  title: string;
  items: readonly FaqItem[];
}

const insured = `$${GUARANTEE.insuredUpToDollars / 1_000_000} million`;
const paymentMethods = `${PAYMENT.methods.slice(0, -1).join(', ')} and ${PAYMENT.methods.at(-1)}`;
const firstCities = SERVICE_AREA_CITIES.slice(0, 8).join(', ');
const [, saturday] = BUSINESS_HOURS;

/** The six groups of four questions of docs/requirements.md#faq, answered from the facts of docs/requirements.md#constants. */
export function buildFaqGroups(company: CompanyDetails): FaqGroup[] {
  return [
    {
      title: 'General Questions',
      items: [
        {
          question: 'What areas do you serve?',
          answer: [
            `We serve ${SERVICE_AREA_CITIES.length} cities across the Dallas-Fort Worth area, including ${firstCities} and more. The full list is on our Contact page.`,
            `Not sure whether we cover your address? Call us at ${company.phone} and we will check for you.`,
          ],
        },
        {
          question: 'What types of cleaning do you offer?',
          answer: [
            'We offer residential cleaning, commercial cleaning, deep cleaning and post-construction cleaning, plus move in/out cleans.',
            'Add-ons include interior windows, refrigerator, oven, garage, basement and carpet steam cleaning.',
          ],
        },
        {
          question: 'Are your cleaners licensed, bonded and insured?',
          answer: [
            `Yes. ${company.name} is licensed, bonded and insured for up to ${insured}, so you are protected in the rare event that something goes wrong.`,
          ],
        },
        {
          question: 'Do I need to be home during the cleaning?',
          answer: [
            'No. Many customers give us entry instructions, a lockbox code or a key, and we lock up when we finish. You are always welcome to be home if you prefer.',
          ],
        },
      ],
    },
    {
      title: 'Booking & Scheduling',
      items: [
        {
          question: 'How do I book a cleaning?',
          answer: [
            `Request a free quote online in under 2 minutes and we will respond within ${QUOTE_RESPONSE_HOURS} hours, or book directly on our online booking page 24/7. You can also call us at ${company.phone}.`,
          ],
        },
        {
          question: 'How far in advance should I book?',
          answer: [
            `We recommend booking at least ${BOOKING_ADVICE.regularHoursAhead} hours ahead for regular cleaning and 1 week ahead for deep or post-construction cleaning.`,
            'Same-day and next-day cleanings are often possible, subject to availability.',
          ],
        },
        {
          question: 'Can I reschedule or cancel my appointment?',
          answer: [
            `Yes. Please give us at least ${BOOKING_ADVICE.changeNoticeHours} hours notice to avoid a cancellation fee. You can skip, move or cancel a visit yourself in your customer portal (your account at /account: sign in with the e-mail address you gave us), call us at ${company.phone} or e-mail ${company.email}.`,
          ],
        },
        {
          question: 'Do you offer recurring cleaning?',
          answer: [
            'Yes. Weekly, bi-weekly and monthly plans come with discounted rates and priority scheduling, so your preferred day and time are kept for you.',
          ],
        },
      ],
    },
    {
      title: 'Cleaning Products & Safety',
      items: [
        {
          question: 'What cleaning products do you use?',
          answer: [
            'We use professional-grade, eco-friendly products that are safe and non-toxic. They clean and disinfect effectively without harsh fumes or residue.',
          ],
        },
        {
          question: 'Are your products safe for children and pets?',
          answer: [
            'Yes. Our products are non-toxic and safe for children, pets and people with sensitivities once surfaces are dry.',
          ],
        },
        {
          question: 'Can you use my own cleaning products?',
          answer: [
            'Of course. If you have products you prefer, or an allergy we should know about, add a note to your quote request or tell us when you book, and leave the products out for your cleaner.',
          ],
        },
        {
          question: 'Do you bring your own supplies and equipment?',
          answer: [
            'Yes. Your cleaning team arrives with all the supplies and equipment needed for the job, at no extra charge.',
          ],
        },
      ],
    },
    {
      title: 'Payment & Pricing',
      items: [
        {
          question: 'How much does a cleaning cost?',
          answer: [
            `Residential cleaning starts at $${STARTING_PRICES.residential}, commercial cleaning at $${STARTING_PRICES.commercial} and deep cleaning at $${STARTING_PRICES.deep}. Your price depends on the size and condition of your space and the services you choose.`,
            'Request a free quote for an exact price. There is no obligation.',
          ],
        },
        {
          question: 'When and how do I pay?',
          answer: [
            `Payment is due when the cleaning is complete. We accept ${paymentMethods}. Recurring customers can use automatic billing.`,
          ],
        },
        {
          question: 'Do you offer any discounts?',
          answer: [
            `New customers save $${PROMO_AMOUNT_DOLLARS} on their first cleaning with code ${PROMO_CODE}. We also offer discounts for recurring service, seniors, military families and referrals.`,
          ],
        },
        {
          question: 'Are there any extra fees?',
          answer: [
            `There are no hidden fees. A cancellation fee applies when you cancel with less than ${BOOKING_ADVICE.changeNoticeHours} hours notice, overdue balances carry a late charge of ${PAYMENT.lateChargeMonthlyPercent}% per month, and returned checks carry a $${PAYMENT.returnedCheckFeeDollars} fee.`,
            `Recurring customers receive ${PAYMENT.priceChangeNoticeDays} days written notice before any price change.`,
          ],
        },
      ],
    },
    {
      title: 'Quality & Guarantee',
      items: [
        {
          question: 'What is your satisfaction guarantee?',
          answer: [
            `If you are not completely satisfied with any area we cleaned, contact us within ${GUARANTEE.contactWithinHours} hours and we will come back to re-clean it at no cost.`,
          ],
        },
        {
          question: 'What happens if something is damaged?',
          answer: [
            `Report any damage within ${GUARANTEE.damageReportWithinHours} hours. Most claims are resolved within ${GUARANTEE.resolvedWithinHours} hours, and we are insured and bonded up to ${insured}.`,
          ],
        },
        {
          question: 'Will I have the same cleaner every time?',
          answer: [
            'For recurring service we assign a regular team to your home whenever possible, so they learn your preferences. If your team changes, your notes and preferences go with the new team.',
          ],
        },
        {
          question: 'How do you make sure every cleaning is thorough?',
          answer: [
            'Every visit follows a room-by-room checklist for the service you booked, and our team leads review the work before leaving. Your feedback after each visit goes straight to the team.',
          ],
        },
      ],
    },
    {
      title: 'Preparation & Special Requests',
      items: [
        {
          question: 'How should I prepare for my cleaning?',
          answer: [
            'Pick up clothes, toys and clutter so we can reach the surfaces, put away valuables and fragile items, and let us know about any areas that need extra attention.',
          ],
        },
        {
          question: 'What if I have pets?',
          answer: [
            'Pets are welcome and our products are pet-safe. If your pet is nervous around strangers or vacuums, please keep them in a separate room while we clean.',
          ],
        },
        {
          question: 'Can I make special requests?',
          answer: [
            'Yes. Add them to the notes of your quote request or tell us when you book. Add-ons such as inside the oven or refrigerator, interior windows or carpet steam cleaning can be included in any visit.',
          ],
        },
        {
          question: 'Do you offer emergency or same-day cleaning?',
          answer: [
            `Yes. We offer 24/7 emergency service, and same-day cleanings are available subject to availability. Call ${company.phone} for the fastest response.`,
          ],
        },
      ],
    },
  ];
}

/** The short FAQ on the Contact page. */
export function buildContactFaq(company: CompanyDetails): FaqGroup {
  return {
    title: 'Frequently Asked Questions',
    items: [
      {
        question: 'How quickly will you respond?',
        answer: [
          `We answer e-mails within ${SUPPORT.emailResponseHours} hours during support hours (${SUPPORT.hours}) and respond to every quote request and message within ${QUOTE_RESPONSE_HOURS} hours.`,
        ],
      },
      {
        question: 'Are you open on weekends?',
        answer: [
          `Yes. We clean on Saturdays (${saturday.hours}). On Sundays we provide emergency service only, and emergency service is available 24/7.`,
        ],
      },
      {
        question: 'Which cities do you serve?',
        answer: [
          `We serve ${SERVICE_AREA_CITIES.length} cities across Dallas-Fort Worth; see the list on this page. If your city is not listed, call ${company.phone} and we will do our best to help.`,
        ],
      },
      {
        question: 'What is the fastest way to get a price?',
        answer: [
          `Our online quote form takes under 2 minutes, and new customers save $${PROMO_AMOUNT_DOLLARS} on their first cleaning with code ${PROMO_CODE}.`,
        ],
      },
    ],
  };
}
