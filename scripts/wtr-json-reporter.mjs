// @web/test-runner reporter that writes {passed, failed, skipped} to a JSON file, so .ci/run can
// add the browser tests to the other runners' counts. A test file that fails without reporting
// a failing test (it did not load, or threw outside a test) counts as one failed test.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** @param {{ outputFile: string }} options */
export function jsonReporter({ outputFile }) {
  return {
    /** @param {{ sessions: import('@web/test-runner').TestSession[] }} args */
    stop({ sessions }) {
      const counts = { passed: 0, failed: 0, skipped: 0 };
      const files = [];
      for (const session of sessions) {
        const own = { passed: 0, failed: 0, skipped: 0 };
        countSuite(session.testResults, own);
        if (!session.passed && own.failed === 0) own.failed = 1;
        for (const key of Object.keys(counts)) counts[key] += own[key];
        files.push({
          file: session.testFile,
          browser: session.browser.name,
          ...own,
          errors: session.errors.map((error) => error.message),
        });
      }
      mkdirSync(dirname(outputFile), { recursive: true });
      writeFileSync(outputFile, `${JSON.stringify({ ...counts, files }, null, 2)}\n`);
    },
  };
}

function countSuite(suite, counts) {
  if (!suite) return;
  for (const test of suite.tests) {
    if (test.skipped) counts.skipped++;
    else if (test.passed) counts.passed++;
    else counts.failed++;
  }
  for (const child of suite.suites) countSuite(child, counts);
}
