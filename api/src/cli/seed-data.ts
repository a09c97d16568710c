// Realistic, clearly fake leads and activities for `pnpm seed` (docs/performance.md, "Seed data"):
// DFW zip codes, 555-01xx phone numbers in the 214/469/972/817 area codes, example.* e-mail
// domains, a plausible mix of status, priority, source and service, estimated values, ~3 activities
// per lead and follow-ups, some overdue. Pure and deterministic for a given seed, so runs can be
// compared.
import { randomUUID } from 'node:crypto';
import {
  ACTIVITY_TYPES,
  type ActivityStatus,
  type ActivityType,
  BATHROOM_CHOICES,
  BEDROOM_CHOICES,
  CLOSED_LEAD_STATUSES,
  type LeadPriority,
  type LeadStatus,
} from '@shine/shared/enums';

// biome-ignore format: a data table reads better in rows
const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen',
  'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Sandra', 'Mark', 'Ashley', 'Jose', 'Emily',
  'Luis', 'Maria', 'Kevin', 'Michelle', 'Brian', 'Amanda', 'Juan', 'Melissa', 'Ryan', 'Stephanie',
  'Jacob', 'Rebecca', 'Nguyen', 'Laura', 'Eric', 'Hannah', 'Tyler', 'Priya', 'Aaron', 'Olivia',
  'Diego', 'Sofia', 'Andre', 'Grace', 'Wei', 'Chloe', 'Omar', 'Fatima', 'Trey', 'Kayla',
];
// A few "smi" names on purpose: the bench searches for them.
// biome-ignore format: a data table reads better in rows
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Patel', 'Kim', 'Tran', 'Goldsmith', 'Smithers', 'Reyes', 'Cruz', 'Morales', 'Ortiz', 'Sullivan',
];
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];
const AREA_CODES = ['214', '469', '972', '817'];
/** Zip codes of the 22 cities served (Dallas, Fort Worth, Arlington, Plano, Irving, ...). */
// biome-ignore format: a data table reads better in rows
const DFW_ZIP_CODES = [
  '75201', '75204', '75205', '75206', '75209', '75214', '75218', '75219', '75225', '75230', '75240', '75248',
  '76102', '76104', '76107', '76109', '76110', '76116', '76132', '76137', '76001', '76006', '76013', '76017',
  '75023', '75024', '75025', '75093', '75038', '75039', '75061', '75062', '75040', '75043', '75033', '75034',
  '75035', '75069', '75070', '75071', '75050', '75052', '75149', '75150', '75006', '75007', '75010', '76201',
  '76205', '76210', '75080', '75081', '75082', '75067', '75077', '75002', '75013', '75022', '75028', '76063',
  '76039', '76040',
];

type Weighted<T> = ReadonlyArray<readonly [T, number]>;
// biome-ignore format: a data table reads better in rows
const STATUS_MIX: Weighted<LeadStatus> = [
  ['New', 24], ['Contacted', 20], ['Qualified', 15], ['Quoted', 12], ['Negotiating', 7], ['Won', 13], ['Lost', 9],
];
const PRIORITY_MIX: Weighted<LeadPriority> = [
  ['High', 20],
  ['Medium', 55],
  ['Low', 25],
];
// biome-ignore format: a data table reads better in rows
const SOURCE_MIX: Weighted<string> = [
  ['Website Form', 46], ['Google Ads', 18], ['Facebook', 9], ['Referral', 10], ['Yelp', 5], ['Nextdoor', 5], ['Phone Call', 7],
];
const CLEANING_MIX: Weighted<string> = [
  ['Basic', 55],
  ['Deep', 30],
  ['Move In/Out', 15],
];
const FREQUENCY_MIX: Weighted<string> = [
  ['One Time', 35],
  ['Weekly', 15],
  ['Biweekly', 30],
  ['Monthly', 20],
];
const BEDROOM_MIX: Weighted<string> = BEDROOM_CHOICES.map((choice, i) => [choice, [12, 28, 32, 18, 10][i] as number]);
const BATHROOM_MIX: Weighted<string> = BATHROOM_CHOICES.map((choice, i) => [
  choice,
  [14, 10, 34, 22, 12, 8][i] as number,
]);
const ACTIVITY_MIX: Weighted<ActivityType> = ACTIVITY_TYPES.map((type, i) => [type, [30, 25, 8, 22, 15][i] as number]);
const TAGS = ['pets', 'recurring', 'gate code', 'vip', 'allergies', 'weekend only'];
const NOTES = [
  'Two dogs, friendly.',
  'Prefers mornings.',
  'Please call before arriving.',
  'Moving out end of the month.',
  'Interested in a recurring discount.',
  'Has hardwood floors throughout.',
];
const SUBJECTS: Record<ActivityType, string[]> = {
  call: ['Intro call', 'Follow-up call', 'Left voicemail', 'Scheduling call'],
  email: ['Sent quote', 'Sent service checklist', 'Follow-up e-mail', 'Sent WELCOME40 reminder'],
  meeting: ['Walkthrough at the home', 'On-site estimate'],
  note: ['Customer prefers text', 'Price sensitive', 'Referred by a neighbour', 'Asked about eco products'],
  task: ['Send revised quote', 'Confirm first cleaning date', 'Check in after first clean', 'Call back next week'],
};

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 1_100;
const GROWTH_DAYS = 700;

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function pickWeighted<T>(random: () => number, mix: Weighted<T>): T {
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of mix) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (mix[mix.length - 1] as readonly [T, number])[0];
}

export interface SeedLead {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  zipcode: string;
  bedrooms: string;
  bathrooms: string;
  cleaning_type: string;
  frequency: string;
  notes: string | null;
  status: LeadStatus;
  priority: LeadPriority;
  assigned_to: string | null;
  estimated_value: string | null;
  source: string;
  tags: string[];
  last_contacted_at: Date | null;
  next_follow_up_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface SeedActivity {
  id: string;
  lead_id: string;
  user_id: string;
  type: ActivityType;
  subject: string;
  description: string | null;
  status: ActivityStatus;
  scheduled_at: Date | null;
  completed_at: Date | null;
  created_at: Date;
}

/** A price a cleaner would quote: bigger homes, deeper cleans and one-off visits cost more. */
function estimateValue(random: () => number, bedrooms: string, cleaningType: string): string {
  const rooms = Number.parseInt(bedrooms, 10);
  const factor = cleaningType === 'Deep' ? 1.6 : cleaningType === 'Move In/Out' ? 1.9 : 1;
  const dollars = (120 + rooms * 45) * factor * (0.85 + random() * 0.3);
  return (Math.round(dollars / 5) * 5).toFixed(2);
}

/**
 * One lead and its activities. `index` makes e-mail addresses unique; `now` anchors dates (leads
 * from the last ~3 years, more of them recent; open leads mostly have a follow-up, some overdue).
 */
export function buildLead(
  random: () => number,
  index: number,
  userId: string,
  now: number,
): { lead: SeedLead; activities: SeedActivity[] } {
  const firstName = pick(random, FIRST_NAMES);
  const lastName = pick(random, LAST_NAMES);
  const status = pickWeighted(random, STATUS_MIX);
  const isOpen = !CLOSED_LEAD_STATUSES.includes(status);
  // Three years of leads from a business that grows: ages exponentially distributed (about 0.2% of
  // all leads arrive per day at the recent end, ~180 a day at 100k) and cut at HISTORY_DAYS.
  const ageDays = -GROWTH_DAYS * Math.log(1 - random() * (1 - Math.exp(-HISTORY_DAYS / GROWTH_DAYS)));
  const createdAt = new Date(now - ageDays * DAY_MS);
  const lastTouch = new Date(createdAt.getTime() + random() * (now - createdAt.getTime()));
  const bedrooms = pickWeighted(random, BEDROOM_MIX);
  const cleaningType = pickWeighted(random, CLEANING_MIX);
  const hasFollowUp = isOpen && random() < 0.7;
  // Follow-ups from 10 days ago (overdue, about a quarter of them) to 30 days ahead.
  const nextFollowUpAt = hasFollowUp ? new Date(now + (random() * 40 - 10) * DAY_MS) : null;
  const tagCount = random() < 0.25 ? 1 + Math.floor(random() * 2) : 0;
  const tags = [...new Set(Array.from({ length: tagCount }, () => pick(random, TAGS)))];
  const lead: SeedLead = {
    id: randomUUID(),
    first_name: firstName,
    last_name: lastName,
    email: `${firstName}.${lastName}.${index}@${pick(random, EMAIL_DOMAINS)}`.toLowerCase(),
    phone: `(${pick(random, AREA_CODES)}) 555-01${String(Math.floor(random() * 100)).padStart(2, '0')}`,
    zipcode: pick(random, DFW_ZIP_CODES),
    bedrooms,
    bathrooms: pickWeighted(random, BATHROOM_MIX),
    cleaning_type: cleaningType,
    frequency: pickWeighted(random, FREQUENCY_MIX),
    notes: random() < 0.3 ? pick(random, NOTES) : null,
    status,
    priority: pickWeighted(random, PRIORITY_MIX),
    assigned_to: random() < 0.4 ? userId : null,
    estimated_value: random() < 0.9 ? estimateValue(random, bedrooms, cleaningType) : null,
    source: pickWeighted(random, SOURCE_MIX),
    tags,
    last_contacted_at: status === 'New' ? null : lastTouch,
    next_follow_up_at: nextFollowUpAt,
    created_at: createdAt,
    updated_at: lastTouch,
  };
  const activityCount = status === 'New' ? Math.floor(random() * 3) : 2 + Math.floor(random() * 4); // ~3 on average
  const activities: SeedActivity[] = [];
  for (let i = 0; i < activityCount; i += 1) {
    const type = pickWeighted(random, ACTIVITY_MIX);
    const at = new Date(createdAt.getTime() + random() * (now - createdAt.getTime()));
    // Tasks on open leads are often still pending; some were due in the past (pending tasks, overdue).
    const isPending = type === 'task' && isOpen && random() < 0.6;
    const scheduledAt =
      type === 'task' || type === 'meeting' ? new Date(at.getTime() + (random() * 10 - 3) * DAY_MS) : null;
    activities.push({
      id: randomUUID(),
      lead_id: lead.id,
      user_id: userId,
      type,
      subject: pick(random, SUBJECTS[type]),
      description: random() < 0.4 ? `${pick(random, NOTES)} (${lead.first_name})` : null,
      status: isPending ? 'pending' : random() < 0.04 ? 'cancelled' : 'completed',
      scheduled_at: scheduledAt,
      completed_at: isPending ? null : at,
      created_at: at,
    });
  }
  return { lead, activities };
}
