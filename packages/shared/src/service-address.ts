// Where a crew cleans: the lead's service address (docs/decisions.md, "Service address"), the service
// area it must lie in when a customer gives it, and how it is written and linked to a map.
import { z } from 'zod';
import { DEFAULT_COMPANY } from './company.ts';

/** The 22 Dallas-Fort Worth cities served (docs/requirements.md, "Service area"). */
export const SERVICE_AREA_CITIES = [
  'Dallas',
  'Fort Worth',
  'Arlington',
  'Plano',
  'Irving',
  'Garland',
  'Frisco',
  'McKinney',
  'Grand Prairie',
  'Mesquite',
  'Carrollton',
  'Denton',
  'Richardson',
  'Lewisville',
  'Allen',
  'Flower Mound',
  'Mansfield',
  'Euless',
  'Bedford',
  'Grapevine',
  'Southlake',
  'Coppell',
] as const;

export const SERVICE_ADDRESS_MESSAGES = {
  line1: 'Enter the street address',
  line1Long: 'Street address: at most 120 characters',
  line2Long: 'Apartment or unit: at most 60 characters',
  city: 'Enter the city',
  cityLong: 'City: at most 60 characters',
  zip: 'Enter a 5-digit ZIP code, like 75201',
  required: 'Tell us where to clean: street address, city and ZIP code.',
  outsideArea: (city: string, phone: string = DEFAULT_COMPANY.phone) =>
    `We do not clean in ${city} online yet: we serve ${SERVICE_AREA_CITIES.length} Dallas-Fort Worth cities. Call us at ${phone} and we will do our best to help.`,
} as const;

const normalized = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The service-area city named by `city` (any case and spacing), or undefined when it is outside. */
export function serviceAreaCityOf(city: string): string | undefined {
  const wanted = normalized(city);
  return SERVICE_AREA_CITIES.find((served) => served.toLowerCase() === wanted);
}

/** A service address as stored and answered: line2 null when there is none. */
export const serviceAddressSchema = z.strictObject({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  zip: z.string(),
});
export type ServiceAddress = z.output<typeof serviceAddressSchema>;

const text = (required: string, long: string, max: number) =>
  z
    .string({ error: required })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, required).max(max, long));

/**
 * An address as staff or a customer send it: street, optional unit, city, ZIP (5 digits, or ZIP+4).
 * Staff may save one outside the service area (the FAQ's "call us and we will do our best").
 */
export const serviceAddressInputSchema = z
  .strictObject({
    line1: text(SERVICE_ADDRESS_MESSAGES.line1, SERVICE_ADDRESS_MESSAGES.line1Long, 120),
    line2: z
      .string({ error: SERVICE_ADDRESS_MESSAGES.line2Long })
      .trim()
      .max(60, SERVICE_ADDRESS_MESSAGES.line2Long)
      .nullish()
      .transform((value) => (value ? value.replace(/\s+/g, ' ') : null)),
    city: text(SERVICE_ADDRESS_MESSAGES.city, SERVICE_ADDRESS_MESSAGES.cityLong, 60),
    zip: z
      .string({ error: SERVICE_ADDRESS_MESSAGES.zip })
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, SERVICE_ADDRESS_MESSAGES.zip),
  })
  .transform((address): ServiceAddress => ({ ...address, city: serviceAreaCityOf(address.city) ?? address.city }));
export type ServiceAddressInput = z.input<typeof serviceAddressInputSchema>;

/** A customer's address: the same fields, and the city one of the service area's. */
export const customerServiceAddressSchema = serviceAddressInputSchema.superRefine((address, context) => {
  if (!isInServiceArea(address))
    context.addIssue({ code: 'custom', path: ['city'], message: SERVICE_ADDRESS_MESSAGES.outsideArea(address.city) });
});

/** PUT /api/admin/leads/{id}/service-address: staff set or change it. */
export const serviceAddressUpdateSchema = z.strictObject({ address: serviceAddressInputSchema });
export type ServiceAddressUpdate = z.output<typeof serviceAddressUpdateSchema>;

/** Whether the address's city is one the company serves. */
export const isInServiceArea = (address: Pick<ServiceAddress, 'city'>) => serviceAreaCityOf(address.city) !== undefined;

/** "12 Elm St, Apt 4, Plano, TX 75024": one line, as a calendar's LOCATION and a map search take it. */
export function formatServiceAddress(address: ServiceAddress, region: string = DEFAULT_COMPANY.region): string {
  return [address.line1, address.line2, address.city, `${region} ${address.zip}`].filter(Boolean).join(', ');
}

/** An ordinary map search of the address (no API key): it opens in the phone's map app or the browser. */
export function mapUrlOf(address: ServiceAddress): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(formatServiceAddress(address))}`;
}
