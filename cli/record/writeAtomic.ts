/** Write a file whole or not at all: a temporary file beside it, renamed over it at the end. */
import { accessSync, constants, existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Fail early, before any request, when `file` is a folder or its folder cannot take a new file. */
export function assertWritable(file: string): void {
  accessSync(dirname(file), constants.W_OK);
  if (existsSync(file) && statSync(file).isDirectory())
    throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
}

/** Same folder, so the rename stays on one file system and replaces the file in one step. */
export function writeFileAtomic(file: string, text: string): void {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text, { flag: 'wx' });
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
