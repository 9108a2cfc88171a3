import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirectoryInUseError } from './db/directory-lock';
import { createInitializationCode, initializationLink } from './initialization/initiator';
import { limitHeapGrowth } from './memory';

// Long enough for in-flight requests; a hung connection must not keep a container alive.
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  limitHeapGrowth();
  const config = loadConfig();
  const app = await buildApp({ config });
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  app.log.info({ database: app.database.kind }, `portal listening at http://${shown}:${config.port}`);
  // The one line a person starting the portal looks for, outside the JSON log.
  process.stdout.write(`\nThe portal is running at http://${shown}:${config.port}\n\n`);
  // First run (spec 4.1): the only way in to an empty portal. A new start replaces an unused code.
  const code = await createInitializationCode(app.database, new Date());
  if (code) {
    const link = initializationLink(`http://${shown}:${config.port}`, code);
    app.log.info({ link }, 'no users yet: initialize the portal (the link is valid 15 minutes, once)');
    process.stdout.write(`Initialize the portal at ${link}\n\n`);
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    // Stops accepting, answers what is in flight, then closes the database (onClose).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  // A mistake the person starting the portal can fix needs one sentence, not a stack trace.
  const known = error instanceof ConfigError || error instanceof DataDirectoryInUseError;
  console.error(known ? error.message : error);
  process.exit(1);
});
