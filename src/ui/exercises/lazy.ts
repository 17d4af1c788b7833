/**
 * Everything the exercises load after first paint, behind one dynamic import: the Tasks panel, the
 * exercises parser, the classroom view and the final lab (the tour's dialog is in the entry). One
 * lazy chunk, not four: each lazy chunk that shares modules with the entry makes the bundler split those
 * modules into chunks of their own, and every extra chunk the entry preloads costs gzip context
 * (measured: five separate imports put the entry 1.3 KB over its budget, one import kept it under).
 */
export { TasksPanel } from './TasksPanel';
export { default as Classroom } from './Classroom';
export { lessonExercises } from '../../state/lessons/exerciseTexts';
export { watchVerdicts } from '../../state/exercises/verdictWatcher';
export { loadVerify, tasksOf } from '../../state/exercises/lessonTasks';
export { default as FinalLab } from '../lab/LabPage';
