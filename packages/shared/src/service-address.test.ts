import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY } from './company.ts';
import {
  customerServiceAddressSchema,
  formatServiceAddress,
  mapUrlOf,
  SERVICE_ADDRESS_MESSAGES,
  SERVICE_AREA_CITIES,
  serviceAddressInputSchema,
  serviceAreaCityOf,
} from './service-address.ts';

describe('service address', () => {
  it('serves the 22 cities, matched whatever the case and spacing', () => {
    expect(SERVICE_AREA_CITIES).toHaveLength(22);
    expect(serviceAreaCityOf('  fort   WORTH ')).toBe('Fort Worth');
    expect(serviceAreaCityOf('Austin')).toBeUndefined();
  });

  it('tidies what is typed and spells a served city as the list does', () => {
    const parsed = serviceAddressInputSchema.parse({
      line1: ' 12  Elm St ',
      line2: '  ',
      city: 'plano',
      zip: '75024-1234',
    });
    expect(parsed).toEqual({ line1: '12 Elm St', line2: null, city: 'Plano', zip: '75024-1234' });
  });

  it('refuses a bad ZIP and a customer’s city outside the area, with the phone number', () => {
    const zip = serviceAddressInputSchema.safeParse({ line1: '1 Main', city: 'Dallas', zip: '7520' });
    expect(zip.error?.issues[0]?.message).toBe(SERVICE_ADDRESS_MESSAGES.zip);
    const staff = serviceAddressInputSchema.safeParse({ line1: '1 Main', city: 'Austin', zip: '78701' });
    expect(staff.success).toBe(true);
    const customer = customerServiceAddressSchema.safeParse({ line1: '1 Main', city: 'Austin', zip: '78701' });
    expect(customer.error?.issues[0]?.path).toEqual(['city']);
    expect(customer.error?.issues[0]?.message).toContain(DEFAULT_COMPANY.phone);
  });

  it('writes the address on one line and links an ordinary map search of it', () => {
    const address = { line1: '12 Elm St', line2: 'Apt 4', city: 'Plano', zip: '75024' };
    expect(formatServiceAddress(address)).toBe('12 Elm St, Apt 4, Plano, TX 75024');
    expect(formatServiceAddress({ ...address, line2: null })).toBe('12 Elm St, Plano, TX 75024');
    expect(mapUrlOf(address)).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Elm%20St%2C%20Apt%204%2C%20Plano%2C%20TX%2075024',
    );
  });
});
