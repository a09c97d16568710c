import type { CompanyDetails } from '@shine/shared/company';
import { BUSINESS_HOURS, SERVICE_AREA_CITIES } from '../content/business-facts.ts';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const DAYS_BY_ROW: Record<string, string[]> = {
  'Monday - Friday': WEEKDAYS,
  Saturday: ['Saturday'],
  Sunday: ['Sunday'],
};

function daysOf(label: string): string[] {
  const days = DAYS_BY_ROW[label];
  // Fail the build rather than publish opening hours without days when BUSINESS_HOURS is reworded.
  if (!days) throw new Error(`structured data: no schema.org days for business hours row "${label}"`);
  return days;
}

/**
 * JSON-LD for the business (schema.org HouseCleaning, a LocalBusiness). Deliberately no rating or
 * review markup: self-published reviews are not eligible and the landing page's figures are claims.
 */
export function buildBusinessJsonLd(company: CompanyDetails, logoUrl: string): Record<string, unknown> {
  const id = `${company.siteUrl}/#business`;
  return {
    '@context': 'https://schema.org',
    '@type': 'HouseCleaning',
    '@id': id,
    name: company.name,
    url: `${company.siteUrl}/`,
    logo: logoUrl,
    image: logoUrl,
    telephone: company.phone,
    email: company.email,
    priceRange: '$$',
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.streetAddress,
      addressLocality: company.city,
      addressRegion: company.region,
      postalCode: company.postalCode,
      addressCountry: 'US',
    },
    areaServed: SERVICE_AREA_CITIES.map((city) => ({ '@type': 'City', name: `${city}, TX` })),
    openingHoursSpecification: BUSINESS_HOURS.filter((row) => row.opens !== null).map((row) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: daysOf(row.days),
      opens: row.opens,
      closes: row.closes,
    })),
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: company.phone,
        email: company.email,
        areaServed: 'US-TX',
        availableLanguage: 'English',
        hoursAvailable: {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: WEEKDAYS,
          opens: '08:00',
          closes: '18:00',
        },
      },
      {
        '@type': 'ContactPoint',
        contactType: 'emergency',
        telephone: company.phone,
        areaServed: 'US-TX',
        availableLanguage: 'English',
      },
    ],
    sameAs: [company.social.facebook, company.social.instagram, company.social.x],
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no value can close the element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
