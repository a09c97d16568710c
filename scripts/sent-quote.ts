// A real sent quote on a running server, for checks of the customer's page (/q/{token}): a lead
// through the public quote form, its first draft from the instant estimate, sent without e-mail.
// Answers the page's path, whose token exists only in the send's answer.
import { signIn } from './server-process.ts';

const LEAD = {
  firstName: 'Lighthouse',
  lastName: 'Customer',
  zipcode: '75201',
  bedrooms: '3',
  bathrooms: '2',
  cleaningType: 'Deep',
  frequency: 'Biweekly',
  notes: '',
};

async function postJson<T>(url: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Each quote is a customer of its own: a second request of the same person would be a repeat of the first lead. */
let customers = 0;

export async function sentQuotePath(serverUrl: string, admin: { email: string; password: string }): Promise<string> {
  const origin = { origin: serverUrl };
  customers += 1;
  const customer = {
    ...LEAD,
    email: `lighthouse.customer${customers}@example.com`,
    phone: `214-555-${String(190 + customers).padStart(4, '0')}`,
  };
  const lead = await postJson<{ id: string }>(`${serverUrl}/api/leads`, customer, origin);
  const staff = { ...origin, cookie: await signIn(serverUrl, admin.email, admin.password) };
  const draft = await postJson<{ id: string }>(`${serverUrl}/api/admin/leads/${lead.id}/quotes`, {}, staff);
  const sent = await postJson<{ url: string }>(
    `${serverUrl}/api/admin/quotes/${draft.id}/send`,
    { email: false },
    staff,
  );
  return new URL(sent.url).pathname;
}
