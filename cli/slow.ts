/**
 * What `replay` needs only for a scenario the stored shape does not accept, or for --check: parsing
 * with zod (replayText) and the playground's checks. It is bundled on its own (build/cli/slow.cjs), so a
 * valid scenario's replay never reads or compiles it.
 */
export { replayText } from '../src/core/replay/replayText';
export { runChecks } from '../src/core/checks/checks';
