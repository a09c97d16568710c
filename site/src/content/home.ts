import type { IconName } from '../icons/icons.ts';

export interface Benefit {
  icon: IconName;
  title: string;
  text: string;
}

/** "Why Choose" on the landing page: the three claims of docs/requirements.md#claims. */
export const BENEFITS: readonly Benefit[] = [
  {
    icon: 'leaf',
    title: 'Professional & Eco-Friendly',
    text: 'Trained, professional cleaners who use safe, non-toxic products that are gentle on your family, your pets and the planet.',
  },
  {
    icon: 'shieldCheck',
    title: 'Licensed, Bonded & Insured',
    text: 'Your home is in safe hands: we are fully licensed, bonded and insured for up to $2 million in coverage.',
  },
  {
    icon: 'calendar',
    title: 'Flexible Scheduling',
    text: 'Book online 24/7 at a time that suits you, with same-day availability when you need a clean in a hurry.',
  },
];

export interface Testimonial {
  quote: string;
  /** First name and last initial only (docs/requirements.md#claims). */
  name: string;
  city: string;
  service: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'They left our kitchen and bathrooms sparkling, and the products did not leave that harsh chemical smell behind. Booking online took two minutes.',
    name: 'Maria G.',
    city: 'Plano',
    service: 'Biweekly cleaning',
  },
  {
    quote:
      'We booked a move-out clean on short notice and got our full deposit back. The team was on time, friendly and incredibly thorough.',
    name: 'James T.',
    city: 'Fort Worth',
    service: 'Move in/out cleaning',
  },
  {
    quote:
      'With two kids and a dog I had given up on a clean house. Our monthly deep clean is now the best day of the month.',
    name: 'Priya S.',
    city: 'Frisco',
    service: 'Monthly deep cleaning',
  },
];
