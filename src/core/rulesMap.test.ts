/**
 * src/core/README.md maps each seed rule to its file and function, and RULE_DETAILS.where (store/ruleDetails.ts)
 * says the same for each switch: this test keeps the two in step, and both true to the code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from './store/rules';
import { RULE_DETAILS } from './store/ruleDetails';

const CORE = 'src/core';
const readme = readFileSync(join(CORE, 'README.md'), 'utf8');

/** The README's rule rows: | seed rule | `switch` or nothing | `file function()` | (padded by prettier). */
const rows = readme
  .split('\n')
  .map((line) => line.split('|').map((cell) => cell.trim()))
  .flatMap((cells) => {
    const where = /^`([\w/.]+\.ts) (\w+)\(\)`$/.exec(cells[3] ?? '');
    if (cells.length !== 5 || where === null) return [];
    const rulesSwitch = /^`(\w+)`$/.exec(cells[2]!)?.[1];
    return [{ rule: cells[1]!, rulesSwitch, file: where[1]!, fn: where[2]! }];
  });

/** Does the file define this function, or a method of this name? */
function defines(file: string, fn: string): boolean {
  const text = readFileSync(join(CORE, file), 'utf8');
  const fnDecl = new RegExp(`^export function ${fn}\\b|^function ${fn}\\b`, 'm');
  const method = new RegExp(`^  (?:(?:private|static|readonly|async|get) )*${fn}\\(`, 'm');
  return fnDecl.test(text) || method.test(text);
}

describe('the rules map (src/core/README.md)', () => {
  it('lists rules, each in a file and function that exist', () => {
    expect(rows.length).toBeGreaterThanOrEqual(RULES.length);
    const broken = rows.filter(({ file, fn }) => !existsSync(join(CORE, file)) || !defines(file, fn));
    expect(broken.map(({ file, fn }) => `${file} ${fn}()`)).toEqual([]);
  });

  it('agrees with RULE_DETAILS.where on every switch, and lists every switch', () => {
    const mapped = Object.fromEntries(
      rows.filter((row) => row.rulesSwitch !== undefined).map((row) => [row.rulesSwitch, `${row.file} ${row.fn}()`]),
    );
    expect(mapped).toEqual(Object.fromEntries(RULES.map((rule) => [rule, RULE_DETAILS[rule].where])));
  });

  it('RULE_DETAILS.where names a file and function that exist', () => {
    const broken = RULES.filter((rule) => {
      const match = /^([\w/.]+\.ts) (\w+)\(\)$/.exec(RULE_DETAILS[rule].where);
      return match === null || !existsSync(join(CORE, match[1]!)) || !defines(match[1]!, match[2]!);
    });
    expect(broken).toEqual([]);
  });
});
