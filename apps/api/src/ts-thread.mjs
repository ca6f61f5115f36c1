// A TypeScript module of the API run in a worker thread while the API runs from its sources
// (tsx, vitest): worker threads do not take the TypeScript loader from the Node options they
// are started with (Node 20), so this plain module registers tsx's loader in the thread, then
// imports the module named by the thread's workerData and hands on its default export
// (api-dir.ts ownThread). From the build, threads run their bundle (dist/) directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { default: handler } = await import(workerData.module);
export default handler;
