import { Script } from 'node:vm';

/**
 * How often the heartbeat below allocates, ms. Longer than the memory reducer's 8 s tick (a
 * tick that saw the allocation counts it as allocation, the next ones do not) and well
 * inside the ~100 s after which V8's decaying rate reaches exactly zero again.
 */
export const IDLE_GC_HEARTBEAT_MS = 30_000;

/**
 * Lets V8's memory reducer see that the server is idle on Node 24 and later (issue #11
 * item 7). The reducer is V8's own idle collector: some seconds after the allocation rate
 * drops, it runs the memory-reducing full GCs that shrink the heap and give its spare
 * pages back (on Node 20 it takes an idle server from about 115 to 100 MB resident).
 * Since V8 13.1 (Node 24) it calls the process idle only if the allocation rate of the C++
 * heap (cppgc) is low too, and a rate that is exactly zero — a process that has never
 * allocated there, like this one — counts as the highest possible: the reducer logs `high
 * alloc` at every tick and never runs (`node --trace-memory-reducer
 * --trace-mutator-utilization`: "Embedder mutator utilization = 0.000 (mutator_speed=0)"),
 * and an idle server stayed at about 130 MB instead of 117. Node allocates on that heap for
 * `vm.Script` objects, so one tiny script compiled now and then keeps the rate above zero,
 * and negligible; V8's other measures (young and old generation) still decide. No effect on
 * Node 20 and 22, which never count the C++ heap that way. Returns the stop function; the
 * timer never keeps the process alive.
 */
export function keepIdleGcWorking(intervalMs = IDLE_GC_HEARTBEAT_MS): () => void {
  const beat = () => void new Script('');
  beat();
  const timer = setInterval(beat, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
