// The delta worker thread's entry: loads worker.ts through tsx (the server runs TypeScript through tsx; a worker
// thread does not inherit its loader).
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
