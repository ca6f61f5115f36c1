import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

/** Issue #11 item 7: an idle process gives back the heap a burst grew, on every Node (V8's memory reducer). */
describe('keepIdleGcWorking', () => {
  it('lets the heap shrink within seconds of going idle after a burst', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../test/idle-gc-child.ts'), '--heartbeat'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const sizes: number[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: child.stdout! }).on('line', (l) => {
          sizes.push((JSON.parse(l) as { heapTotalMb: number }).heapTotalMb);
          // Without the heartbeat, Node 24 kept all of it for 100 s (V8's watchdog).
          if (sizes.length > 1 && sizes.at(-1)! < sizes[0]! / 3) resolve();
        });
        child.on('exit', (code) => reject(new Error(`child exited with ${code}`)));
        // The reducer runs 8–16 s into idle; 40 s leaves room on a busy machine.
        setTimeout(() => reject(new Error(`heap still ${sizes.at(-1)} MB after 40 s (first ${sizes[0]} MB)`)), 40_000);
      });
    } finally {
      child.kill();
    }
    expect(sizes.at(-1)).toBeLessThan(sizes[0]! / 3);
  }, 50_000);
});
