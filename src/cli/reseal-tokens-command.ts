import { loadConfigOrExit } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { resealSourceTokens } from '../modules/integrations/token-rotation.ts';
import { sealingKeysFrom, TokenCipher } from '../modules/integrations/token-cipher.ts';

/** maturity reseal-tokens: every stored source token sealed again under the first key of SOURCES_ENCRYPTION_KEYS. */
export async function resealTokensCommand(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.sources.encryptionKeys.length === 0) {
    process.stderr.write('SOURCES_ENCRYPTION_KEYS is not set: there is no key to seal with.\n');
    process.exitCode = 1;
    return;
  }
  const database = await openConfiguredDatabase(config);
  try {
    const count = await resealSourceTokens(database.db, new TokenCipher(sealingKeysFrom(config.sources.encryptionKeys)));
    process.stdout.write(
      `Sealed again under ${config.sources.encryptionKeys[0]!.split(':')[0]}: ${count.connections} connections, ${count.authorizations} authorizations in flight; ${count.alreadyCurrent} connections were already.\n`,
    );
  } finally {
    await database.close();
  }
}
