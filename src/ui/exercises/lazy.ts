/**
 * Everything the exercises load after first paint, behind one dynamic import: the Tasks panel, the
 * core's verifier and exercises parser, the tour's dialog and the classroom view. One lazy chunk, not
 * five: each lazy chunk that shares modules with the entry makes the bundler split those modules into
 * chunks of their own, and every extra chunk the entry preloads costs gzip context (measured: five
 * separate imports put the entry 1.3 KB over its budget, this one import keeps it under).
 */
export { TasksPanel } from './TasksPanel';
export { default as Tour } from './Tour';
export { default as Classroom } from './Classroom';
export { verifierFor } from '../../state/exercises/coreVerify';
export { lessonExercises } from '../../state/lessons/exerciseTexts';
export { watchVerdicts } from '../../state/exercises/verdictWatcher';
export { loadVerify, tasksOf } from '../../state/exercises/lessonTasks';
