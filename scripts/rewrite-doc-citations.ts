// One-off: rewrites every citation of the brief's SPEC.md / DESIGN.md (files outside this repository)
// to the section of docs/requirements.md or docs/architecture.md that replaces it. Only lines naming
// one of the two files change, and only the citation in them. Content-based, not line-based, so it
// still applies after files move. Exits 1 and lists what it could not map.
//
//   pnpm exec node scripts/rewrite-doc-citations.ts [--dry-run]
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const R = 'docs/requirements.md';
const repoRoot = path.resolve(import.meta.dirname, '..');
const dryRun = process.argv.includes('--dry-run');

/** [pattern, replacement], most specific first; each applies to every match on a citing line. */
const RULES: [RegExp, string][] = [
  // Whole phrases whose wording changes with the citation.
  [/worded as SPEC\.md words it/g, 'worded as the brief words it'],
  [/Every public route of SPEC\.md §2/g, `Every public route of ${R}#routes`],
  [/with SPEC\.md messages/g, `with the messages of ${R}#validation`],
  [/uses SPEC\.md messages for/g, `uses the messages of ${R}#validation for`],
  [
    /requires name and content with SPEC\.md messages/g,
    `requires name and content with the messages of ${R}#validation`,
  ],
  [/gives every SPEC\.md message/g, 'gives every required-field message'],
  [/shows the SPEC\.md fields/g, 'shows the fields of the brief'],
  [/validates on submit with the SPEC\.md messages/g, 'validates on submit with the messages of the brief'],
  [/shows the SPEC\.md empty state/g, 'shows the empty state of the brief'],
  [/shows the SPEC\.md error toast/g, 'shows the error toast of the brief'],
  [/or SPEC\.md empty states/g, 'or the empty states of the brief'],
  [/are the SPEC\.md placeholders/g, 'are the placeholders of the brief'],
  [/has the defaults of SPEC\.md §7/g, `has the defaults of ${R}#crm-data`],
  [/with SPEC\.md's message/g, `with the message of ${R}#validation`],
  [/SPEC\.md's "Please select \.\.\." messages/g, `the "Please select ..." messages of ${R}#validation`],
  [/shows SPEC\.md's text/g, `shows the text of ${R}#validation`],
  [/SPEC\.md's Leads section shows one/g, `${R}#sidebar-crm: the Leads section shows one`],
  [/with SPEC\.md delays/g, `with the delays of ${R}#states`],
  [/people \(and SPEC\.md\) type \/admin/g, 'people (and the brief) type /admin'],
  [/when SPEC\.md gives no starting price/g, `when ${R}#constants gives no starting price`],
  [/the four packages of SPEC\.md §9/g, `the four packages of ${R}#constants`],
  [
    /groups of four questions of SPEC\.md §2 \(FAQ\), answered from the facts of SPEC\.md §9/g,
    `groups of four questions of ${R}#faq, answered from the facts of ${R}#constants`,
  ],
  [/SPEC\.md §2 \(\/terms\), consistent with SPEC\.md §9/g, `${R}#legal (/terms), consistent with ${R}#constants`],
  [/SPEC\.md §2 \(\/privacy\), consistent with SPEC\.md §9/g, `${R}#legal (/privacy), consistent with ${R}#constants`],
  [/SPEC\.md §2 \(\/quote\)/g, `${R}#quote-form`],
  [/The company figures SPEC\.md §1 lists/g, `The company figures ${R}#claims lists`],
  [/the three claims of SPEC\.md §1/g, `the three claims of ${R}#claims`],
  [/SPEC\.md §1/g, `${R}#claims`],
  // Section citations whose target depends on what the line is about.
  [/\(SPEC\.md §2, §5, §8\)/g, `(${R}#quote-form)`],
  [/The quote form \(SPEC\.md §2, §5\)/g, `The quote form (${R}#quote-form)`],
  [/The contact form \(SPEC\.md §2, §5\)/g, `The contact form (${R}#contact)`],
  [/SPEC\.md §2\/§4: questions toggle/g, `${R}#faq: questions toggle`],
  [/SPEC\.md §2: whenever the URL/g, `${R}#routes: whenever the URL`],
  [/SPEC\.md §2: the landing page's logo/g, `${R}#home: the landing page's logo`],
  [/visitor's date \(SPEC\.md §2\)/g, `visitor's date (${R}#legal)`],
  [/\/admin\/crm \(SPEC\.md §2\)/g, `/admin/crm (${R}#sidebar-crm)`],
  [/\(SPEC\.md §2\): any status/g, `(${R}#sidebar-crm): any status`],
  [/\/admin\/dashboard \(SPEC\.md §2\)/g, `/admin/dashboard (${R}#tabbed-dashboard)`],
  [/SPEC\.md §2: on this older dashboard/g, `${R}#tabbed-dashboard: on this older dashboard`],
  [/SPEC\.md §2: the tabbed dashboard/g, `${R}#tabbed-dashboard: the tabbed dashboard`],
  [/\(SPEC\.md §3, §9\)/g, `(${R}#lead)`],
  [/SPEC\.md §3: conditions and actions/g, `${R}#automation: conditions and actions`],
  [/JSON text \(SPEC\.md §3\)/g, `JSON text (${R}#automation)`],
  [/\(SPEC\.md §3\)/g, `(${R}#lead)`],
  [/defaults of SPEC\.md §3/g, `defaults of ${R}#lead`],
  [/SPEC\.md §3\/§4/g, `${R}#entities and #states`],
  [/SPEC\.md §4\/§9/g, `${R}#states`],
  [/SPEC\.md §4\/§8/g, `${R}#login`],
  [/SPEC\.md §4: a 500 ms pause/g, `${R}#login: a 500 ms pause`],
  [/SPEC\.md §4/g, `${R}#states`],
  [/SPEC\.md §5 and §8/g, `${R}#validation and #messages`],
  [/\(SPEC\.md §5\)\. Client only/g, `(${R}#contact). Client only`],
  [/Login \(SPEC\.md §5\)/g, `Login (${R}#validation)`],
  [/New Activity \(SPEC\.md §5\)/g, `New Activity (${R}#validation)`],
  [/search \(SPEC\.md §5\)/g, `search (${R}#lead-search)`],
  [/as a substring \(SPEC\.md §5\)/g, `as a substring (${R}#lead-search)`],
  [/SPEC\.md §5/g, `${R}#validation`],
  [/SPEC\.md §7: the selected leads/g, `${R}#export: the selected leads`],
  [/Export field groups \(SPEC\.md §7\)/g, `Export field groups (${R}#export)`],
  [/SPEC\.md §7: leadId/g, `${R}#api-calls: leadId`],
  [/SPEC\.md §7: name, trigger/g, `${R}#api-calls: name, trigger`],
  [/POST \/api\/leads with cookies \(SPEC\.md §7\)/g, `POST /api/leads with cookies (${R}#crm-data)`],
  [/API paths of SPEC\.md §7/g, `API paths of ${R}#api-calls`],
  [
    /Every call of the CRM goes through here \(SPEC\.md §7\)/g,
    `Every call of the CRM goes through here (${R}#crm-data)`,
  ],
  [/SPEC\.md §7/g, `${R}#crm-data`],
  [/SPEC\.md §8/g, `${R}#messages`],
  [
    /legal pages use their own phone\/e-mail pair \(SPEC\.md §9\)/g,
    `legal pages use their own phone/e-mail pair (${R}#constants)`,
  ],
  [/SPEC\.md §9 allows at most one visible toast/g, `${R}#messages allows at most one visible toast`],
  [/The toast region \(SPEC\.md §9\)/g, `The toast region (${R}#messages)`],
  [/SPEC\.md §9/g, `${R}#constants`],
  // docs/decisions.md: the brief as a whole.
  [
    /^SPEC\.md leaves some things/g,
    'The original brief (summarised in [requirements.md](requirements.md)) leaves some things',
  ],
  [/\| SPEC\.md says \|/g, '| The brief says |'],
  [/the six SPEC\.md lists/g, 'the six the brief lists'],
  // DESIGN.md.
  [/DESIGN\.md "Sessions and security"/g, 'docs/security.md'],
  [/The first admin \(DESIGN\.md\)/g, `The first admin (${R}#access)`],
  [/with DESIGN\.md's$/g, 'with the right'],
  [/Leads list paging \(DESIGN\.md API contract\)/g, `Leads list paging (${R}#lead-list)`],
  [/leads query string \(DESIGN\.md API contract\)/g, `leads query string (${R}#lead-list)`],
  [/\(DESIGN\.md API contract\)/g, `(${R}#api-conventions)`],
  [/\(DESIGN\.md leads contract\)/g, `(${R}#lead-list)`],
  [
    /\(DESIGN\.md: `\{ message, issues\?: \[\{ path, message \}\] \}`\)/g,
    `(${R}#api-conventions: \`{ message, issues?: [{ path, message }] }\`)`,
  ],
  [/^\/\/ DESIGN\.md: GET \/api\/health/g, `// ${R}#api-additions: GET /api/health`],
  [/\(DESIGN\.md: sessions live in PostgreSQL/g, '(architecture.md: sessions live in PostgreSQL'],
  [/Enforced on the server \(DESIGN\.md\)/g, `Enforced on the server (${R.replace('docs/', '')}#access)`],
  [/DESIGN\.md's status codes/g, `The status codes of [requirements.md](requirements.md#api-conventions)`],
];

/** The forms still unmapped after the rules ran. */
const CITATION = /SPEC\.md|DESIGN\.md/;

const files = execFileSync(
  'git',
  ['grep', '-lE', 'SPEC\\.md|DESIGN\\.md', '--', '.', ':!scripts/rewrite-doc-citations.ts'],
  {
    cwd: repoRoot,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter(Boolean);

const unmapped: string[] = [];
let changedLines = 0;
for (const file of files) {
  const absolute = path.join(repoRoot, file);
  const lines = readFileSync(absolute, 'utf8').split('\n');
  const rewritten = lines.map((line, index) => {
    if (!CITATION.test(line)) return line;
    let next = line;
    // decisions.md sits in docs/: its links are relative to it.
    const rules = file.startsWith('docs/')
      ? RULES.map(([pattern, replacement]): [RegExp, string] => [
          pattern,
          replacement.replaceAll(`${R}#`, 'requirements.md#'),
        ])
      : RULES;
    for (const [pattern, replacement] of rules) next = next.replace(pattern, replacement);
    if (CITATION.test(next)) unmapped.push(`${file}:${index + 1}: ${next.trim()}`);
    if (next !== line) changedLines += 1;
    return next;
  });
  if (!dryRun) writeFileSync(absolute, rewritten.join('\n'));
}

console.log(`${changedLines} lines rewritten in ${files.length} files${dryRun ? ' (dry run)' : ''}`);
if (unmapped.length > 0) {
  console.error(`Citations with no mapping (add a rule):\n${unmapped.join('\n')}`);
  process.exitCode = 1;
}
