// Part of `pnpm lint`: no comment or string in the code cites an issue by its number (the word "issue"
// then a number, with or without "#"). The number means nothing to someone reading the code: a comment
// gives the reason itself, or points to the doc section that holds it (docs/requirements.md#…,
// docs/decisions.md, docs/security.md). Prints file:line for each citation; exits 1 when there is one.
//
//   node scripts/lint-comments.ts [--root DIR]
import { findLines, type MatchedLine, rootArgument } from './source-files.ts';

export const ISSUE_REFERENCE = /\bissue\s*#?\d+/i;

export function findIssueReferences(root: string): MatchedLine[] {
  return findLines(root, ISSUE_REFERENCE);
}

function main(): void {
  const root = rootArgument();
  const found = findIssueReferences(root);
  for (const each of found) console.error(`${each.file}:${each.line}: cites an issue number: ${each.text}`);
  if (found.length > 0) {
    console.error(
      `\nlint-comments: ${found.length} issue number(s) in the code. Say the reason itself, or point to the doc ` +
        'section that holds it (docs/requirements.md#…, docs/decisions.md, docs/security.md).',
    );
    process.exit(1);
  }
  console.log('lint-comments: no issue numbers in comments or strings.');
}

if (import.meta.main) main();
