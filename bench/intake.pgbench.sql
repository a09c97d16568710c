-- The statements of one quote through POST /api/leads (a new visitor), as the API sends them: for
-- `pnpm bench --intake` (bench/intake.ts), which runs this with pgbench at the API's concurrency on the
-- same database and compares the two rates. Captured from a real request with log_statement = all
-- (the intake of api/src/leads/lead-intake.*.ts, the rate limit of api/src/db/rate-limit-store.ts).
-- Every run of the script is one visitor: its own e-mail and phone, so no request is a repeat.
-- Run with -M simple: variables are put into the text (in extended mode pgbench sends them as
-- parameters of unknown type, which these expressions cannot take).
\set n random(1, 2000000000)
insert into rate_limits as r (key, hits, reset_at)
  values ('leads:pgbench-' || (:client_id)::text, 1, now() + make_interval(secs => 60))
  on conflict (key) do update set
    hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
    reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
  returning hits, reset_at;
BEGIN;
select pg_advisory_xact_lock(hashtext(key))
  from (select unnest(array['intake:email:pgb' || (:n)::text || '@bench-pgbench.example.com', 'intake:phone:9' || (:n)::text]) as key order by 1) as sorted;
select * from leads
  where (lower(email) = lower('pgb' || (:n)::text || '@bench-pgbench.example.com') or regexp_replace(phone, '[^0-9]', '', 'g') = '9' || (:n)::text)
  order by (status in ('Won', 'Lost')), created_at desc, id desc limit 1;
with created as (
  insert into leads (bathrooms, bedrooms, cleaning_type, contact_due_at, created_at, email, estimate_breakdown,
      estimated_value, first_name, frequency, landing_page, last_name, last_request_at, notes, phone,
      previous_lead_id, referrer_host, source, updated_at, utm_campaign, utm_medium, utm_source, zipcode)
    values ('2', '3', 'Deep', now() + interval '15 minutes', now(), 'pgb' || (:n)::text || '@bench-pgbench.example.com',
      '{"low": 365, "high": 450, "kind": "estimate", "midpoint": 408, "breakdown": {"base": 349, "discount": 72, "perVisit": 407, "subtotal": 479, "bedroomsAdded": 90, "bathroomsAdded": 40, "discountPercent": 15}, "firstVisitLow": 325, "firstVisitHigh": 410}'::jsonb,
      '408.00', 'Bench', 'Biweekly', null, 'Pgbench', now(), 'Created by pnpm bench --intake', '9' || (:n)::text,
      null, null, 'Website Form', now(), null, null, null, '75201')
    returning *),
  request as (
    insert into lead_requests (lead_id, received_at, first_name, last_name, email, phone, zipcode, bedrooms, bathrooms,
        cleaning_type, frequency, notes, estimate, source, utm_source, utm_medium, utm_campaign, referrer_host,
        landing_page, released_from_rule)
      select id, last_request_at, first_name, last_name, email, phone, zipcode, bedrooms, bathrooms, cleaning_type,
        frequency, notes, estimate_breakdown, source, utm_source, utm_medium, utm_campaign, referrer_host,
        landing_page, null::text from created
  )
  select created.id as lead_id from created \gset
insert into lead_events (lead_id, trigger) values (':lead_id'::uuid, 'lead_created') returning id;
select pg_notify('shine_live', '{"kind":"event","id":"pgbench","event":{"type":"lead.created","leadId":"' || ':lead_id' || '"}}');
COMMIT;
