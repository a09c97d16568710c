import { PROMO_CODE } from './constants.ts';

/**
 * Company details shown in copy. The defaults are obviously fictional (555-01xx numbers,
 * example.com addresses); a deployment overrides them at build time with PUBLIC_COMPANY_* variables.
 * docs/requirements.md#constants: two phone/e-mail pairs appear, one in the FAQ and general copy, one in the legal pages.
 */
export interface CompanyDetails {
  name: string;
  shortName: string;
  phone: string;
  email: string;
  legalPhone: string;
  legalEmail: string;
  siteUrl: string;
  externalUrl: string;
  bookingUrl: string;
  streetAddress: string;
  city: string;
  region: string;
  postalCode: string;
  social: { facebook: string; instagram: string; x: string };
}

export const DEFAULT_COMPANY: CompanyDetails = {
  name: 'Lone Star Shine Cleaning',
  shortName: 'Lone Star Shine',
  phone: '(214) 555-0142',
  email: 'hello@lonestarshine.example.com',
  legalPhone: '(214) 555-0199',
  legalEmail: 'legal@lonestarshine.example.com',
  siteUrl: 'http://localhost:3000',
  externalUrl: 'https://lonestarshine.example.com',
  bookingUrl: 'https://book.lonestarshine.example.com/booking',
  streetAddress: '1200 Main Street, Suite 400',
  city: 'Dallas',
  region: 'TX',
  postalCode: '75202',
  social: {
    facebook: 'https://www.facebook.com/lonestarshine.example',
    instagram: 'https://www.instagram.com/lonestarshine.example',
    x: 'https://x.com/lonestarshine_example',
  },
};

type Env = Readonly<Record<string, string | boolean | undefined>>;

function pick(env: Env, key: string, fallback: string): string {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

/** Company details with PUBLIC_COMPANY_* / PUBLIC_SITE_URL overrides applied. */
export function resolveCompany(env: Env = {}): CompanyDetails {
  const d = DEFAULT_COMPANY;
  return {
    name: pick(env, 'PUBLIC_COMPANY_NAME', d.name),
    shortName: pick(env, 'PUBLIC_COMPANY_SHORT_NAME', d.shortName),
    phone: pick(env, 'PUBLIC_COMPANY_PHONE', d.phone),
    email: pick(env, 'PUBLIC_COMPANY_EMAIL', d.email),
    legalPhone: pick(env, 'PUBLIC_COMPANY_LEGAL_PHONE', d.legalPhone),
    legalEmail: pick(env, 'PUBLIC_COMPANY_LEGAL_EMAIL', d.legalEmail),
    siteUrl: pick(env, 'PUBLIC_SITE_URL', d.siteUrl).replace(/\/+$/, ''),
    externalUrl: pick(env, 'PUBLIC_COMPANY_EXTERNAL_URL', d.externalUrl),
    bookingUrl: pick(env, 'PUBLIC_BOOKING_URL', d.bookingUrl),
    streetAddress: pick(env, 'PUBLIC_COMPANY_STREET', d.streetAddress),
    city: pick(env, 'PUBLIC_COMPANY_CITY', d.city),
    region: pick(env, 'PUBLIC_COMPANY_REGION', d.region),
    postalCode: pick(env, 'PUBLIC_COMPANY_POSTAL_CODE', d.postalCode),
    social: {
      facebook: pick(env, 'PUBLIC_SOCIAL_FACEBOOK', d.social.facebook),
      instagram: pick(env, 'PUBLIC_SOCIAL_INSTAGRAM', d.social.instagram),
      x: pick(env, 'PUBLIC_SOCIAL_X', d.social.x),
    },
  };
}

/** The external booking page with the promo code pre-applied. */
export function buildBookingUrl(company: CompanyDetails, code: string = PROMO_CODE): string {
  const url = new URL(company.bookingUrl);
  url.searchParams.set('coupon', code);
  return url.toString();
}
