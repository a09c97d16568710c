// The company's facts as the marketing site states them: prices, packages, policies,
// service area and claims. Only the site's pages and structured data read them; the domain's own
// constants (the offer, lead defaults, validation limits) are in @shine/shared/constants.

/** The promised first answer to a quote request. */
export const QUOTE_RESPONSE_HOURS = 24;

export const STARTING_PRICES = { residential: 199, commercial: 299, deep: 349 } as const;

export const SERVICE_PACKAGES = [
  { id: 'residential', name: 'Residential Cleaning', hours: '2-4 hours', mostPopular: true },
  { id: 'commercial', name: 'Commercial Cleaning', hours: '3-6 hours', mostPopular: false },
  { id: 'deep', name: 'Deep Cleaning', hours: '4-8 hours', mostPopular: false },
  { id: 'post-construction', name: 'Post-Construction Cleaning', hours: '6-10 hours', mostPopular: false },
] as const;

export const ADD_ONS = [
  'Interior windows',
  'Refrigerator',
  'Oven',
  'Garage',
  'Basement',
  'Carpet steam cleaning',
] as const;

export const BOOKING_ADVICE = {
  regularHoursAhead: 48,
  deepOrPostConstructionDaysAhead: 7,
  changeNoticeHours: 24,
} as const;

export const GUARANTEE = {
  contactWithinHours: 24,
  damageReportWithinHours: 24,
  resolvedWithinHours: 48,
  insuredUpToDollars: 2_000_000,
} as const;

export const PAYMENT = {
  methods: ['Cash', 'Check', 'Visa', 'MasterCard', 'American Express', 'Discover'],
  lateChargeMonthlyPercent: 1.5,
  returnedCheckFeeDollars: 35,
  priceChangeNoticeDays: 30,
} as const;

export const PRIVACY = { retentionYears: 7, requestResponseDays: 30, minimumAge: 13 } as const;

export const SUPPORT = { hours: 'Mon-Fri 8AM-6PM', emailResponseHours: 2 } as const;

export const BUSINESS_HOURS = [
  { days: 'Monday - Friday', hours: '8:00 AM - 6:00 PM', opens: '08:00', closes: '18:00' },
  { days: 'Saturday', hours: '9:00 AM - 4:00 PM', opens: '09:00', closes: '16:00' },
  { days: 'Sunday', hours: 'Emergency service only', opens: null, closes: null },
] as const;

/** The 22 Dallas-Fort Worth cities served: the service area the booking step checks (@shine/shared/service-address). */
export { SERVICE_AREA_CITIES } from '@shine/shared/service-address';

export const LANDING_CLAIMS = { customers: '1,000', rating: '4.9/5', reviews: '1,200+' } as const;
export const COMPANY_CLAIMS = {
  customers: '5000+',
  staff: '50+',
  years: '15+',
  satisfaction: '99%',
  founded: 2021,
} as const;
