// The baseline: a bare Fastify hello-world — no logger, no plugins, no hooks. The benchmarks divide by it.
import Fastify from 'fastify';
import { onShutdown, ready } from './ipc';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const address = await app.listen({ port: 0, host: '127.0.0.1' });
onShutdown(() => app.close());
ready({ url: address });
