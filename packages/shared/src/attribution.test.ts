import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_LIMITS, buildAttribution } from './attribution.ts';

const site = { host: 'shine.example', pathname: '/', search: '' };

describe('buildAttribution', () => {
  it('takes the UTM parameters, the landing path and an outside referrer host', () => {
    const location = {
      ...site,
      pathname: '/services',
      search: '?utm_source=google&utm_medium=cpc&utm_campaign=spring+sale',
    };
    expect(buildAttribution(location, 'https://www.google.com/search?q=maid')).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring sale',
      referrerHost: 'www.google.com',
      landingPage: '/services',
    });
  });

  it('ignores our own pages, odd referrers and empty parameters, and keeps no query string', () => {
    expect(
      buildAttribution({ ...site, search: '?utm_source=&email=a@b.example' }, 'https://shine.example/faq'),
    ).toEqual({
      landingPage: '/',
    });
    expect(buildAttribution(site, 'android-app://com.example')).toEqual({ landingPage: '/' });
    expect(buildAttribution(site, '')).toEqual({ landingPage: '/' });
  });

  it('clips long values', () => {
    const attribution = buildAttribution({ ...site, search: `?utm_campaign=${'x'.repeat(400)}` }, '');
    expect(attribution.utmCampaign).toHaveLength(ATTRIBUTION_LIMITS.utmCampaign);
  });
});
