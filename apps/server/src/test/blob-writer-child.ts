/**
 * A process that writes a blob that never ends, for the kill test (platform/storage/kill.test.ts): it opens the
 * local store at argv[2], streams 1 MiB pieces into it, prints `writing` once 8 MiB are on their way, and goes on
 * until it is killed.
 */
import { Readable } from 'node:stream';
import { openLocalStore } from '../platform/storage/local-store';

const store = await openLocalStore(process.argv[2] as string);
const piece = Buffer.alloc(1024 * 1024, 1);
let sent = 0;
const source = new Readable({
  read() {
    sent += 1;
    if (sent === 8) process.stdout.write('writing\n');
    if (sent < 8) this.push(piece);
    else setTimeout(() => this.push(piece), 50);
  },
});
await store.put(source, { maxSize: Number.MAX_SAFE_INTEGER });
