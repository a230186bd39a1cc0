/** axe-core over a part of the page: the test fails with the violations found. */

import { ok } from './assert.js';

interface AxeResults { violations: { id: string; help: string; nodes: { target: unknown }[] }[] }
declare global { interface Window { axe?: { run(context: Element): Promise<AxeResults> } } }

/** axe-core is a UMD script: loaded once as a classic script, it sets window.axe. */
export async function axeCheck(element: Element): Promise<void> {
  if (!window.axe) {
    await new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = '/node_modules/axe-core/axe.min.js';
      script.onload = resolve;
      script.onerror = reject;
      document.head.append(script);
    });
  }
  const results = await window.axe!.run(element);
  const found = results.violations.map((v) => `${v.id}: ${v.help} (${JSON.stringify(v.nodes.map((n) => n.target))})`);
  ok(found.length === 0, `axe violations:\n${found.join('\n')}`);
}
