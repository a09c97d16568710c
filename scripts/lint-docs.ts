// Part of `pnpm lint`: every function the docs name exists in the code. A doc citing a function that
// was renamed or never existed sends the reader looking for nothing.
//
// The rule: in the Markdown of README.md, every package's README.md and docs/*.md (inline code only,
// not fenced blocks), a camelCase name in backticks counts as a function when it is written as a call
// (`requireRole('admin')`, `createApp()`) or starts with a verb (`recordAudit`, `findLead`). It must
// be declared in the code (`function name`, `const name =`, a method `name(…) {`, a property
// `name:`) or imported by it (a library's function the code uses). Prints doc:line for each name it
// cannot find; exits 1 when there is one.
//
//   node scripts/lint-docs.ts [--root DIR]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { listSourceFiles, rootArgument } from './source-files.ts';

/** Functions of other code that the docs name on purpose (seen in a profile, not called by ours). */
const OTHER_CODE = new Set(['useCacheToken']);

/** A name starting with one of these verbs is a function's (fields are nouns: `nextFollowUpAt`). */
const VERB_FIRST = new RegExp(
  '^(?:' +
    'add|answer|apply|assert|assign|build|change|check|choose|close|compute|count|create|' +
    'delete|end|escalate|estimate|extract|fetch|find|format|get|handle|insert|judge|list|' +
    'listen|load|make|mark|match|matches|measure|merge|notify|open|parse|peek|pick|publish|' +
    'read|record|release|remove|render|require|resolve|respect|restore|run|save|schedule|send|' +
    'set|sign|start|stop|unsubscribe|update|use|validate|when|with|write' +
    ')[A-Z]',
);
/** A camelCase name, optionally written as a call. */
const CITED = /^([a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+)(\(.*\))?$/;

export interface Citation {
  name: string;
  doc: string;
  line: number;
}

/** The Markdown files the check reads, relative to `root`. */
export function listDocs(root: string): string[] {
  const docs = ['README.md'];
  for (const folder of ['api', 'site', 'desktop', 'tests', 'scripts', 'bench']) docs.push(`${folder}/README.md`);
  const packages = path.join(root, 'packages');
  if (existsSync(packages)) for (const name of readdirSync(packages)) docs.push(`packages/${name}/README.md`);
  const docsFolder = path.join(root, 'docs');
  if (existsSync(docsFolder)) {
    for (const name of readdirSync(docsFolder)) if (name.endsWith('.md')) docs.push(`docs/${name}`);
  }
  return docs.filter((doc) => existsSync(path.join(root, doc))).sort();
}

/** The functions a Markdown text names in inline code. */
export function findCitations(doc: string, markdown: string): Citation[] {
  const citations: Citation[] = [];
  let inFence = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(?:```|~~~)/.test(text)) inFence = !inFence;
    if (inFence) return;
    for (const span of text.matchAll(/`([^`]+)`/g)) {
      const cited = CITED.exec(span[1] ?? '');
      const name = cited?.[1];
      if (name && (cited[2] !== undefined || VERB_FIRST.test(name))) citations.push({ name, doc, line: index + 1 });
    }
  });
  return citations;
}

/** Whether `source` (all the code, as one text) declares or imports `name`. */
export function isInCode(name: string, source: string): boolean {
  const declarations = [
    `\\bfunction\\*?\\s+${name}\\b`,
    `\\b(?:const|let|var|class)\\s+${name}\\b`,
    `^\\s*(?:(?:async|static|get|set|public|private|protected|override)\\s+)*${name}\\s*(?:<[^>\\n]*>)?\\([^)\\n]*\\)\\s*(?::[^{=\\n]+)?\\{\\s*$`,
    `(?:^\\s*|[{,]\\s*)${name}\\??\\s*:`,
    `\\bimport\\s+(?:type\\s+)?\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\b`,
  ];
  return declarations.some((pattern) => new RegExp(pattern, 'm').test(source));
}

export function findMissingFunctions(root: string): Citation[] {
  const source = listSourceFiles(root)
    .map((file) => readFileSync(path.join(root, file), 'utf8'))
    .join('\n');
  const known = new Map<string, boolean>();
  const missing: Citation[] = [];
  for (const doc of listDocs(root)) {
    for (const citation of findCitations(doc, readFileSync(path.join(root, doc), 'utf8'))) {
      if (OTHER_CODE.has(citation.name)) continue;
      if (!known.has(citation.name)) known.set(citation.name, isInCode(citation.name, source));
      if (!known.get(citation.name)) missing.push(citation);
    }
  }
  return missing;
}

function main(): void {
  const root = rootArgument();
  const missing = findMissingFunctions(root);
  for (const each of missing) console.error(`${each.doc}:${each.line}: \`${each.name}\` is not in the code`);
  if (missing.length > 0) {
    console.error(`\nlint-docs: ${missing.length} function name(s) in the docs that the code does not have.`);
    process.exit(1);
  }
  console.log('lint-docs: every function the docs name is in the code.');
}

if (import.meta.main) main();
