// Which installed browser a step takes: the end-to-end specs Chromium's headless shell first, everything
// else the full browser.
//
//   pnpm exec node --test scripts/chromium.test.ts
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { installedCandidates } from './chromium.ts';

describe('installed browsers', () => {
  it('offers the end-to-end specs the headless shell before the full Chromium on Linux', () => {
    const candidates = installedCandidates('linux', { headlessShell: true });
    assert.equal(candidates[0], '/usr/bin/chromium-headless-shell');
    assert.ok(candidates.indexOf('/usr/bin/chromium') > 0);
  });

  it('never offers Lighthouse and the benchmarks the headless shell', () => {
    const candidates = installedCandidates('linux');
    assert.equal(candidates[0], '/usr/bin/chromium');
    assert.ok(!candidates.includes('/usr/bin/chromium-headless-shell'));
  });

  it('has no headless shell to offer where no package installs one (macOS)', () => {
    assert.deepEqual(installedCandidates('darwin', { headlessShell: true }), installedCandidates('darwin'));
  });
});
