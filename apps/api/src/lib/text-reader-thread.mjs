// Issue #33 (lib/text-reader.ts): the thread a Tesseract engine runs in. It first tells the
// server its kernel thread id (Linux: /proc/thread-self), by which the server lowers its CPU
// priority (IMAGE_TEXT_NICE) and counts the CPU time its reading takes (the deadline); then it
// runs tesseract.js's own worker script. (tesseract.js owns the thread's message port: the id
// goes on a broadcast channel of its own.)
import { readFileSync } from 'node:fs';
import { BroadcastChannel, threadId } from 'node:worker_threads';

try {
  const tid = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]);
  const channel = new BroadcastChannel('sauce:text-reader');
  channel.postMessage({ threadId, tid });
  channel.close();
} catch {
  // Not Linux: the server counts the reading's wall time instead, at its own priority.
}
await import('tesseract.js/src/worker-script/node/index.js');
