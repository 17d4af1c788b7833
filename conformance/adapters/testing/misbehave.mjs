// An adapter that breaks the protocol on purpose, for the suite's own tests:
//   node misbehave.mjs MODE [AFTER] [SLEEP]
// answers the first AFTER lines (default 1) correctly as an empty store would ({"ok":true}; items of
// none), then: hang (never answers, and starts a child that would outlive it), exit (exits 3 after
// writing to stderr), garbage (prints a line that is not JSON), twice (answers twice). SLEEP (default 300)
// is the hanging child's `sleep` argument: a test passes a value of its own to find that child by name.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const [mode, after = '1', sleepFor = '300'] = process.argv.slice(2);
let seen = 0;
const input = createInterface({ input: process.stdin });
input.on('line', (text) => {
  seen += 1;
  const line = JSON.parse(text);
  const answer = JSON.stringify(line.op === 'query' ? { items: [] } : { ok: true });
  if (seen <= Number(after)) {
    process.stdout.write(`${answer}\n`);
    return;
  }
  if (mode === 'hang') {
    // A grandchild in the same process group: the suite must end it too.
    spawn('sleep', [sleepFor], { stdio: 'ignore' });
    input.pause();
  } else if (mode === 'exit') {
    process.stderr.write('adapter: cannot open the store: permission denied\n');
    process.exit(3);
  } else if (mode === 'garbage') {
    process.stdout.write('Traceback (most recent call last): nothing here is JSON\n');
  } else if (mode === 'twice') {
    process.stdout.write(`${answer}\n${answer}\n`);
  }
});
