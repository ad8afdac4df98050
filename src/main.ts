/**
 * `npm start`: read the configuration, build the app, listen, and shut down
 * gracefully on SIGTERM/SIGINT (stop accepting, let in-flight requests
 * finish, close the database), forcing an exit after SHUTDOWN_TIMEOUT_MS.
 */
import { buildApp } from './app.ts';
import { loadConfigOrExit, type Config } from './config.ts';

export async function serve(config: Config): Promise<void> {
  const { app } = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: refusing new requests, finishing in-flight ones');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

if (import.meta.main) {
  await serve(loadConfigOrExit());
}
