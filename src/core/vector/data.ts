/**
 * The vector lesson's data: 40,000 chunks of 16 numbers each, drawn from a seeded generator, so the
 * shipped database (fixtures/vector/chunks.tar.gz, written by `npm run vector:dump`) is the same
 * every time it is made. They are not a language model's embeddings: each owner writes about a few
 * topics, so each owner's chunks lie around a few points, and a question lies near one of them. What
 * the lesson shows depends only on how the index visits its neighbours and where the filter sits, not
 * on what the numbers mean, so real embeddings would show the same.
 */
import { seeded } from '../seeded';

/** The number of chunks in the shipped table. */
export const CHUNK_COUNT = 40_000;
/** The numbers in each chunk's embedding. */
export const DIMENSIONS = 16;
/** The principal of the lesson, who owns one chunk in a hundred. */
export const PRINCIPAL = 'alice';
/** The share of the chunks the principal owns. */
export const PRINCIPAL_SHARE = 0.01;
/** The other owners, besides the principal. */
export const OTHER_OWNERS = 99;
/** The generator's seed. */
export const SEED = 20_260_523;

const TOPICS_PER_OWNER = 3;
const SPREAD = 0.6;

/** One chunk of the table. */
export interface Chunk {
  id: number;
  owner: string;
  embedding: number[];
}

/** The core's seeded generator, which the lesson's data is drawn from. */
export { seeded };

/** A normal deviate (Box-Muller) from the generator. */
function normal(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Two decimals, as the table stores them (halfvec keeps them to within its precision). */
const rounded = (x: number) => Math.round(x * 100) / 100;

/** The other owners' names: user-01 … user-99. */
export function otherOwner(n: number): string {
  return `user-${String(n).padStart(2, '0')}`;
}

/** The chunks and the question, the same for the same seed. */
export function vectorData(seed = SEED): { chunks: Chunk[]; question: number[] } {
  const random = seeded(seed);
  const point = () => Array.from({ length: DIMENSIONS }, () => random() * 2 - 1);
  const owners = [PRINCIPAL, ...Array.from({ length: OTHER_OWNERS }, (_, i) => otherOwner(i + 1))];
  const topics = new Map(owners.map((owner) => [owner, Array.from({ length: TOPICS_PER_OWNER }, point)]));
  const near = (centre: number[], spread: number) => centre.map((x) => rounded(x + normal(random) * spread));
  const every = Math.round(1 / PRINCIPAL_SHARE);
  const chunks: Chunk[] = [];
  for (let i = 0; i < CHUNK_COUNT; i++) {
    const owner = i % every === 0 ? PRINCIPAL : otherOwner(1 + Math.floor(random() * OTHER_OWNERS));
    const centres = topics.get(owner)!;
    chunks.push({ id: i + 1, owner, embedding: near(centres[Math.floor(random() * centres.length)]!, SPREAD) });
  }
  return { chunks, question: near(topics.get(PRINCIPAL)![0]!, SPREAD) };
}

/** A vector as pgvector writes it: [x,y,…]. */
export function vectorLiteral(values: readonly number[]): string {
  return `[${values.join(',')}]`;
}
