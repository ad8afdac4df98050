/** An RFC 7009 token revocation endpoint: 200 for any token, or 503 during an outage. */
import { startHttpRecorder, type HttpRecorder } from './http-recorder.ts';

export interface FakeRevocationServer extends HttpRecorder {
  endpoint: string;
  outage(): void;
  healthy(): void;
  revocations(): { token: string; hint: string | null; authorization: string | undefined }[];
}

export async function startFakeRevocationServer(): Promise<FakeRevocationServer> {
  const ok = () => ({ status: 200 });
  const recorder = await startHttpRecorder(ok);
  return {
    ...recorder,
    endpoint: `${recorder.url}/oauth/revoke`,
    outage: () => recorder.respondWith(() => ({ status: 503, headers: { 'retry-after': '30' } })),
    healthy: () => recorder.respondWith(ok),
    revocations: () =>
      recorder.requests
        .filter((r) => r.method === 'POST' && r.url === '/oauth/revoke')
        .map((r) => {
          const form = new URLSearchParams(r.body);
          return { token: form.get('token') ?? '', hint: form.get('token_type_hint'), authorization: r.headers.authorization };
        }),
  };
}
