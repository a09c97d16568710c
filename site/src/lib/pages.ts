import { PROMO_AMOUNT_DOLLARS, PROMO_CODE } from '@shine/shared/constants';
import { SERVICE_AREA_CITIES } from '../content/business-facts.ts';

export interface PageMeta {
  path: string;
  title: string;
  description: string;
  /** Whether search engines may index the page (robots meta, canonical URL). */
  isIndexed: boolean;
  /** Whether sitemap.xml lists it: the quote confirmation is indexable but not worth submitting. */
  isInSitemap: boolean;
}

const AREA = `Dallas-Fort Worth (${SERVICE_AREA_CITIES.length} cities)`;

/** Title and description of every public page, in one place so each stays unique. */
export const PAGES = {
  home: {
    path: '/',
    title: 'House Cleaning in Dallas-Fort Worth | Free Quote in 2 Minutes',
    description: `Eco-friendly, licensed, bonded and insured home and office cleaning across ${AREA}. Book online 24/7 and save $${PROMO_AMOUNT_DOLLARS} on your first cleaning with code ${PROMO_CODE}.`,
    isIndexed: true,
    isInSitemap: true,
  },
  quote: {
    path: '/quote',
    title: 'Get a Free Cleaning Quote',
    description: `Request a free, no-obligation cleaning quote in under 2 minutes. We respond within 24 hours, and your first cleaning is $${PROMO_AMOUNT_DOLLARS} off.`,
    isIndexed: true,
    isInSitemap: true,
  },
  thankYou: {
    path: '/thank-you',
    title: 'Thank You for Your Quote Request',
    description: `Your quote request has been received. Use code ${PROMO_CODE} to save $${PROMO_AMOUNT_DOLLARS} when you book your first cleaning.`,
    isIndexed: true,
    isInSitemap: false,
  },
  services: {
    path: '/services',
    title: 'Cleaning Services and Prices',
    description:
      'Residential cleaning from $199, commercial from $299, deep cleaning from $349, plus post-construction cleaning and add-ons like ovens, fridges and carpet steam cleaning.',
    isIndexed: true,
    isInSitemap: true,
  },
  about: {
    path: '/about',
    title: 'About Us',
    description:
      'Founded in Dallas in 2021, we are a licensed, bonded and insured cleaning company using safe, non-toxic products for homes and businesses across Dallas-Fort Worth.',
    isIndexed: true,
    isInSitemap: true,
  },
  contact: {
    path: '/contact',
    title: 'Contact Us',
    description: `Call, e-mail or send us a message. See our business hours and the ${SERVICE_AREA_CITIES.length} Dallas-Fort Worth cities we serve, with 24/7 emergency service.`,
    isIndexed: true,
    isInSitemap: true,
  },
  faq: {
    path: '/faq',
    title: 'Frequently Asked Questions',
    description:
      'Answers about booking, scheduling, cleaning products and safety, payment and pricing, our satisfaction guarantee, and how to prepare for your cleaning.',
    isIndexed: true,
    isInSitemap: true,
  },
  privacy: {
    path: '/privacy',
    title: 'Privacy Policy',
    description:
      'How we collect, use, share, protect and retain your personal information, and the privacy rights you have.',
    isIndexed: true,
    isInSitemap: true,
  },
  terms: {
    path: '/terms',
    title: 'Terms of Service',
    description:
      'The terms for booking, payment, cancellations, liability, our satisfaction guarantee and dispute resolution for our cleaning services.',
    isIndexed: true,
    isInSitemap: true,
  },
  notFound: {
    path: '/404',
    title: '404 Page Not Found',
    description: 'The page you were looking for could not be found.',
    isIndexed: false,
    isInSitemap: false,
  },
} as const satisfies Record<string, PageMeta>;
