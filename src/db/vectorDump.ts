/** Where the vector lesson's database is shipped, from the project root (written by `npm run vector:dump`). */
export const VECTOR_DUMP_PATH = 'fixtures/vector/chunks.tar.gz';
