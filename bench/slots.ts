// `pnpm bench --slots`: the customer's free windows (GET /api/quotes/{token}/slots, three weeks) on
// a real PostgreSQL holding 2,000 booked visits over the coming weeks (nine of ten crews busy in
// every weekday window, so one crew is left to offer), the all-in-one server in production mode. Requests one at a time (a customer opening the
// page), then with `connections` at once; p50/p99 of each. Target: p99 ≤ 50 ms (docs/performance.md).
// Its own database (shine_bench_slots), recreated each run. Writes bench/results/slots.json.
//
//   pnpm bench --slots [--requests 500] [--connections 32] [--visits 2000]
import autocannon from 'autocannon';
import { psql, ensureDatabase } from './database.ts';
import { writeBenchResult } from './results.ts';
import { signIn, startAppServer } from '../scripts/server-process.ts';

const DATABASE = 'postgres://postgres:postgres@localhost:5432/shine_bench_slots';
const ADMIN = { email: 'bench@example.com', password: 'bench-password-123456' };

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function json(url: string, init: RequestInit & { cookie?: string } = {}): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: new URL(url).origin };
  if (init.cookie) headers.cookie = init.cookie;
  const response = await fetch(url, { ...init, headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** `visits` two-hour visits of crews 1–9 in every weekday window from tomorrow (crew 10 stays free). */
function seedVisits(visits: number): void {
  psql(
    DATABASE,
    `with lead as (
       insert into leads (first_name, last_name, email, phone, zipcode, bedrooms, bathrooms, cleaning_type, frequency, status)
       values ('Seed', 'Visits', 'seed.visits@example.com', '214-555-0000', '75201', '1', '1', 'Basic', 'One Time', 'Won')
       returning id),
     booking as (
       insert into bookings (lead_id, frequency, duration_minutes) select id, 'One Time', 120 from lead returning id, lead_id),
     windows as (
       select (d::date + make_interval(hours => h)) at time zone 'America/Chicago' as starts_at, crew
       from generate_series(current_date + 1, current_date + 400, interval '1 day') as d,
            unnest(array[8, 10, 12, 14]) as h,
            generate_series(1, 9) as crew
       where extract(isodow from d) < 6
       order by 1, 2
       limit ${visits})
     insert into visits (booking_id, lead_id, sequence, crew, starts_at, ends_at, arrival_ends_at, planned_start)
     select booking.id, booking.lead_id, row_number() over (order by starts_at, crew), crew, starts_at,
            starts_at + interval '2 hours', starts_at + interval '2 hours', starts_at
     from windows, booking`,
  );
}

export async function benchSlots(options: { requests: number; connections: number; visits: number }) {
  ensureDatabase(DATABASE, true);
  const server = await startAppServer({
    DATABASE_URL: DATABASE,
    DATA_DIR: undefined,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
    RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000000',
    RATE_LIMIT_LEADS_PER_MINUTE: '100000000',
    AUTOMATIONS_ENABLED: 'false',
  });
  try {
    const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
    await json(`${server.url}/api/admin/settings/scheduling`, {
      method: 'PUT',
      cookie,
      body: JSON.stringify({
        ...(await json(`${server.url}/api/admin/settings/scheduling`, { cookie })),
        crews: Array.from({ length: 10 }, (_, i) => `Crew ${i + 1}`),
      }),
    });
    seedVisits(options.visits);
    const booked = Number(psql(DATABASE, 'select count(*) from visits'));
    const lead = await json(`${server.url}/api/leads`, {
      method: 'POST',
      body: JSON.stringify({
        firstName: 'Bench',
        lastName: 'Customer',
        email: 'bench.customer@example.com',
        phone: '214-555-0101',
        zipcode: '75201',
        bedrooms: '3',
        bathrooms: '2',
        cleaningType: 'Basic',
        frequency: 'Biweekly',
      }),
    });
    const draft = await json(`${server.url}/api/admin/leads/${lead.id}/quotes`, { method: 'POST', cookie, body: '{}' });
    const sent = await json(`${server.url}/api/admin/quotes/${draft.id}/send`, {
      method: 'POST',
      cookie,
      body: JSON.stringify({ email: false }),
    });
    const token = new URL(String(sent.url)).pathname.split('/').pop();
    await json(`${server.url}/api/quotes/${token}/accept`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Bench Customer' }),
    });
    psql(DATABASE, 'vacuum analyze');
    const url = `${server.url}/api/quotes/${token}/slots?days=21`;
    const first = await json(url);
    const slotCount = (first.slots as unknown[]).length;

    const times: number[] = [];
    for (let i = 0; i < options.requests; i++) {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`slots answered ${response.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const sequential = { requests: times.length, p50: percentile(times, 50), p99: percentile(times, 99) };

    const load = await autocannon({ url, connections: options.connections, duration: 10 });
    if (load.non2xx > 0) throw new Error(`${load.non2xx} answers were not 2xx`);
    const concurrent = {
      connections: options.connections,
      requestsPerSecond: load.requests.average,
      p50: load.latency.p50,
      p99: load.latency.p99,
    };
    const figures = { bookedVisits: booked, slotsOffered: slotCount, sequential, concurrent };
    console.table({
      'one at a time': { p50: sequential.p50.toFixed(1), p99: sequential.p99.toFixed(1) },
      [`${options.connections} at once`]: { p50: concurrent.p50, p99: concurrent.p99 },
    });
    console.log(`${booked} booked visits; ${slotCount} free windows offered; ${concurrent.requestsPerSecond} req/s`);
    writeBenchResult('slots', figures);
    return figures;
  } finally {
    await server.stop();
  }
}
