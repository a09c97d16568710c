// Visit attribution without zod, so that the site's every-page script can capture it cheaply.

/** How long each attribution field may be; longer values are clipped (never a reason to refuse a quote). */
export const ATTRIBUTION_LIMITS = {
  utmSource: 100,
  utmMedium: 100,
  utmCampaign: 150,
  referrerHost: 255,
  landingPage: 500,
} as const;

export type AttributionField = keyof typeof ATTRIBUTION_LIMITS;
export type Attribution = Partial<Record<AttributionField, string>>;

/** The visit's attribution from its first page: UTM parameters, the referring site's host, the path. */
export function buildAttribution(
  location: { search: string; pathname: string; host: string },
  referrer: string,
): Attribution {
  const params = new URLSearchParams(location.search);
  const found: Attribution = {
    utmSource: params.get('utm_source') ?? undefined,
    utmMedium: params.get('utm_medium') ?? undefined,
    utmCampaign: params.get('utm_campaign') ?? undefined,
    referrerHost: externalHost(referrer, location.host),
    landingPage: location.pathname,
  };
  const attribution: Attribution = {};
  for (const field of Object.keys(ATTRIBUTION_LIMITS) as AttributionField[]) {
    const value = found[field]?.trim();
    if (value) attribution[field] = value.slice(0, ATTRIBUTION_LIMITS[field]);
  }
  return attribution;
}

/** The referrer's host when it is another site; none for our own pages, a missing or odd referrer. */
function externalHost(referrer: string, ownHost: string): string | undefined {
  try {
    const { host, protocol } = new URL(referrer);
    return (protocol === 'http:' || protocol === 'https:') && host !== ownHost ? host : undefined;
  } catch {
    return undefined;
  }
}
