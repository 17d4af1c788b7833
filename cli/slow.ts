/**
 * What `replay` needs only for a scenario the stored shape does not accept, or for --check: parsing
 * with zod (replayText), the playground's checks, and the lessons' tasks (tasks.ts). It is bundled on
 * its own (build/cli/slow.cjs), so a valid scenario's replay never reads or compiles it.
 */
export { replayText } from '../src/core/replay/replayText';
export { runChecks } from '../src/core/checks/checks';
export {
  engineChecks,
  engineOfText,
  judgeTasks,
  lessonListLines,
  lessonScenarioPath,
  prepareTasks,
  taskReport,
} from './tasks';
export { checkCourse, COURSE_EXIT, PACK_READ } from './course';
export { vectorChecks } from './vectorCheck';
export { withheldResult } from './withheld';
