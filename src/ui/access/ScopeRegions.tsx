/**
 * The scopes drawn as nested regions, app ⊃ user ⊃ task ⊃ agent, each item placed in its region, and
 * the asking principal's readable regions lit (core scopeRegionsAt: readable is decide's verdict).
 * Lit or not is said in words and by border style too, never by colour alone.
 */
import { count } from '../../core/text/plural';
import { type ReactNode, useId } from 'react';
import type { Region, RegionMap } from '../../core/explain/scopeRegions';

const W = 760;
const PAD = 8;
const LABEL = 20;
const CHIP_W = 118;
const CHIP_H = 20;
const GAP = 6;
/** Items drawn per region; the rest are counted in one chip. */
const MAX_CHIPS = 6;

const short = (text: string, max = 14) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function readable(region: Region): boolean {
  return region.verdict?.visible === true;
}

interface Drawn {
  height: number;
  nodes: ReactNode[];
}

/** Lay out a region in a box `w` wide at (x, y): label, item chips (wrapped), then its children side by side. */
function draw(region: Region, x: number, y: number, w: number, key: string): Drawn {
  const nodes: ReactNode[] = [];
  const lit = readable(region);
  const perRow = Math.max(1, Math.floor((w - 2 * PAD + GAP) / (CHIP_W + GAP)));
  const shown = region.items.slice(0, MAX_CHIPS);
  const extra = region.items.length - shown.length;
  const chips = shown.length + (extra > 0 ? 1 : 0);
  const chipRows = Math.ceil(chips / perRow);
  let inner = y + LABEL + (chips > 0 ? chipRows * (CHIP_H + GAP) : 0);
  const childNodes: ReactNode[] = [];
  const vertical = region.scope === 'app';
  let childX = x + PAD;
  const childW = vertical
    ? w - 2 * PAD
    : (w - 2 * PAD - GAP * Math.max(0, region.children.length - 1)) / Math.max(1, region.children.length);
  let tallest = 0;
  region.children.forEach((child, i) => {
    const d = draw(child, childX, inner, childW, `${key}.${i}`);
    childNodes.push(...d.nodes);
    if (vertical) inner += d.height + GAP;
    else {
      childX += childW + GAP;
      tallest = Math.max(tallest, d.height + GAP);
    }
  });
  if (!vertical) inner += tallest;
  const height = inner - y + PAD;
  const broken = region.verdict?.visible === true && region.verdict.why === 'rule-off';
  const state =
    region.verdict === null
      ? ''
      : broken
        ? ' ✓ readable, only with a rule off'
        : lit
          ? ' ✓ readable'
          : ' ⊘ not readable';
  nodes.push(
    <g
      key={key}
      className={`region region-${region.scope}${lit ? ' region-lit' : ''}${broken ? ' region-broken' : ''}${region.own ? ' region-own' : ''}`}
    >
      <rect x={x} y={y} width={w} height={height} rx={6} />
      <text x={x + PAD} y={y + 14} className="region-label">
        {region.scope} · {short(region.owner, 28)}
        {region.own ? ' (you)' : ''}
        {state}
      </text>
    </g>,
  );
  shown.forEach((item, i) => {
    const cx = x + PAD + (i % perRow) * (CHIP_W + GAP);
    const cy = y + LABEL + Math.floor(i / perRow) * (CHIP_H + GAP);
    nodes.push(
      <g key={`${key}:${item.seq}`} className={`chip${lit ? ' chip-in' : ''}`}>
        <title>{`${item.id}: ${lit ? 'in' : 'out'}`}</title>
        <rect x={cx} y={cy} width={CHIP_W} height={CHIP_H} rx={4} />
        <text x={cx + 5} y={cy + 14}>
          {lit ? '✓ ' : '⊘ '}
          {short(item.id)}
        </text>
      </g>,
    );
  });
  if (extra > 0) {
    const i = shown.length;
    const cx = x + PAD + (i % perRow) * (CHIP_W + GAP);
    const cy = y + LABEL + Math.floor(i / perRow) * (CHIP_H + GAP);
    nodes.push(
      <text key={`${key}:more`} x={cx + 5} y={cy + 14} className="chip-more">
        +{extra} more
      </text>,
    );
  }
  nodes.push(...childNodes);
  return { height, nodes };
}

function walk(region: Region): Region[] {
  return [region, ...region.children.flatMap(walk)];
}

const itemsWord = (n: number) => `${count(n, 'item')}`;

export function ScopeRegions({ map, title }: { map: RegionMap; title: string }) {
  const titleId = useId();
  const descId = useId();
  const { height, nodes } = draw(map.app, 0, 0, W, 'r');
  const regions = walk(map.app);
  const lit = regions.filter(readable);
  const dark = regions.filter((r) => r.verdict !== null && !readable(r));
  const listed = (list: Region[]) =>
    list
      .map(
        (r) =>
          `${r.scope} ${r.owner} (${itemsWord(r.items.length)}${r.verdict?.visible && r.verdict.why === 'rule-off' ? ', only with a rule off' : ''})`,
      )
      .join(', ') || 'none';
  const more =
    map.hiddenUsers > 0 ? `${map.hiddenUsers} more users hold ${itemsWord(map.hiddenItems)}, not drawn.` : '';
  return (
    <figure className="scope-regions">
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${W} ${height + (more ? 22 : 0)}`}
        width="100%"
        style={{ maxWidth: W }}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>
          {map.app.verdict === null
            ? 'No principal can be decided for.'
            : `Readable: ${listed(lit)}. Not readable: ${listed(dark)}. ${more}`}
        </desc>
        {nodes}
        {more && (
          <text x={PAD} y={height + 16} className="chip-more">
            {more}
          </text>
        )}
      </svg>
      <figcaption className="muted">
        Lit regions (solid border, ✓) are the ones the asking principal reads, by the store’s own rule; dashed ones (⊘)
        it does not.
      </figcaption>
    </figure>
  );
}
