// Keel as `npm start` runs it, on a fresh database with the demo data (servers/keel-app.ts).
import { serveKeel } from './keel-app';

await serveKeel();
