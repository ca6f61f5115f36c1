// Test helper process for lib/idle-gc.test.ts: allocates garbage for a second (a burst of
// requests), then idles and prints the V8 heap's committed size (heapTotal, MB) every half
// second, as JSON lines, until killed. With `--heartbeat` it runs keepIdleGcWorking first.
import { keepIdleGcWorking } from '../lib/idle-gc.ts';

if (process.argv.includes('--heartbeat')) keepIdleGcWorking();
let kept: number[][] = [];
const start = Date.now();
while (Date.now() - start < 1000) {
  kept.push(Array.from({ length: 1000 }, (_, i) => i * Math.random()));
  if (kept.length > 200) kept = kept.slice(100);
}
kept = [];
setInterval(() => console.log(JSON.stringify({ heapTotalMb: process.memoryUsage().heapTotal / 1048576 })), 500);
