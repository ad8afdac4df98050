import { openConfiguredDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { loadConfigOrExit } from '../config.ts';

/** maturity migrate: apply the committed migrations and exit. */
export async function migrateCommand(): Promise<void> {
  const database = await openConfiguredDatabase(loadConfigOrExit());
  try {
    const applied = await migrate(database);
    process.stdout.write(applied.length > 0 ? `Applied: ${applied.join(', ')}\n` : 'Up to date.\n');
  } finally {
    await database.close();
  }
}
