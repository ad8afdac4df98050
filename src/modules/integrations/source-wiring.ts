/**
 * The sources' wiring, each piece a small function so the composition root
 * stays short and the background work can move with the job engine: the
 * service from configuration, the outbox handler revoking grants (after an
 * erasure, or a disconnect whose provider was down), and the scheduled sync.
 */
import type { Config } from '../../config.ts';
import type { JobRunner } from '../../queue/job-runner.ts';
import type { Outbox } from '../../queue/outbox.ts';
import { SOURCE_REVOKE_TOPIC, SOURCES_SYNC_JOB, SourceConnections, type SourceConnectionsDependencies } from './source-connections.ts';
import { sealingKeysFrom, TokenCipher } from './token-cipher.ts';

export function createSourceConnections(
  config: Config,
  deps: Omit<SourceConnectionsDependencies, 'endpoints' | 'cipher' | 'publicBaseUrl'>,
): SourceConnections {
  const { encryptionKeys, syncEveryMs: _syncEveryMs, ...endpoints } = config.sources;
  return new SourceConnections({
    ...deps,
    endpoints,
    cipher: encryptionKeys.length > 0 ? new TokenCipher(sealingKeysFrom(encryptionKeys)) : null,
    publicBaseUrl: config.publicBaseUrl,
  });
}

export function registerSourceRevocation(outbox: Outbox, sources: SourceConnections): void {
  outbox.on(SOURCE_REVOKE_TOPIC, (payload) => sources.revoke(payload));
}

export function registerSourceSync(runner: JobRunner, sources: SourceConnections, everyMs: number): void {
  runner.on(SOURCES_SYNC_JOB, () => sources.syncAll());
  runner.every(SOURCES_SYNC_JOB, everyMs);
}
