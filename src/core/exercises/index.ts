/**
 * Exercises: the goal types, their schema, the verifier, solutions and the "lesson done" rule, in one
 * import. Pure, like the rest of the core.
 */
export * from './types';
export * from './schema';
export * from './patch';
export * from './solution';
export * from './verify';
export * from './lessonExercises';
export * from './lessonTasks';
export * from './reveal';
export * from './choices';
