/**
 * The README's reference tables live in docs/: every relative link of the README and of each docs page
 * (a page, an image, a file of the project) must reach a file that exists, and its #anchor a heading of
 * that page, as GitHub makes heading anchors.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPng } from './png8';

const ROOT = join(import.meta.dirname, '..');
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor for a heading: lower case, punctuation but hyphens dropped, each space a hyphen. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(page: string): Set<string> {
  const text = readFileSync(join(ROOT, page), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

/** Every `[text](target)` and `![alt](target)` outside code blocks whose target is not a full URL. */
function relativeLinks(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z]+:/.test(target));
}

describe.each(PAGES)('%s', (page) => {
  it('links only to files that exist, and to headings they have', () => {
    const broken: string[] = [];
    for (const target of relativeLinks(page)) {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path === '' ? page : relative(ROOT, join(ROOT, dirname(page), path));
      if (!existsSync(join(ROOT, file))) broken.push(`${target}: no file ${file}`);
      else if (anchor !== undefined && !anchors(file).has(anchor)) broken.push(`${target}: no heading #${anchor}`);
    }
    expect(broken).toEqual([]);
  });
});

it('the README links to every page of docs/', () => {
  const linked = new Set(relativeLinks('README.md').map((target) => target.split('#')[0]));
  expect(PAGES.filter((page) => page.startsWith('docs/') && !linked.has(page))).toEqual([]);
});

it('the README’s screenshot is the workbench at 1440×900, small enough to keep in the repository', () => {
  const file = readFileSync(join(ROOT, 'docs', 'workbench-leak.png'));
  expect(file.length).toBeLessThan(200 * 1024);
  const { width, height } = readPng(file);
  expect([width, height]).toEqual([1440, 900]);
});
