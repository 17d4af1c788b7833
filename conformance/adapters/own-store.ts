/**
 * The project's own store as a conformance adapter: JSON Lines on standard input and output.
 *
 *   npm run --silent conform -- --exec "node --import tsx conformance/adapters/own-store.ts"
 *   ... own-store.ts --rule-off taskCheck     the same store with one of the page's rule switches off
 *
 * Every line is answered by src/core/conformance/ownAdapter.ts; this file only reads and writes lines.
 */
import { createInterface } from 'node:readline';
import { ownAdapter } from '../../src/core/conformance/ownAdapter';
import { RULES, type Rule, withRulesOff } from '../../src/core/store/rules';

const off: Rule[] = [];
for (let i = 2; i < process.argv.length; i += 2) {
  const rule = process.argv[i + 1];
  if (process.argv[i] !== '--rule-off' || !(RULES as readonly string[]).includes(rule ?? '')) {
    process.stderr.write(`usage: own-store.ts [--rule-off RULE]...; RULE is one of ${RULES.join(', ')}\n`);
    process.exit(2);
  }
  off.push(rule as Rule);
}

const adapter = ownAdapter(withRulesOff(...off));
const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on('line', (text) => {
  let line: Record<string, unknown>;
  try {
    line = JSON.parse(text) as Record<string, unknown>;
  } catch {
    process.stdout.write(`${JSON.stringify({ error: 'not JSON' })}\n`);
    return;
  }
  process.stdout.write(`${JSON.stringify(adapter.handle(line))}\n`);
  if (line.op === 'end') input.close();
});
