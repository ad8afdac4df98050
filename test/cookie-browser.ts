/**
 * Just enough of a browser for session tests over real HTTP: a cookie jar
 * keyed by host (cookies ignore ports, so the service and a local identity
 * provider on 127.0.0.1 share them, as a service and its provider on one
 * registrable domain do), `Max-Age` kept against the clock it is given,
 * page loads that follow redirects with the headers a browser sends for a
 * document, and script calls (`fetch`) from a page of the service.
 */
import type { Clock } from '../src/clock.ts';

interface StoredCookie {
  value: string;
  /** Milliseconds on the jar's clock; null: until the browser closes. */
  expiresAt: number | null;
}

export interface PageVisit {
  status: number;
  /** Where the last redirect led: the page shown. */
  url: string;
  body: string;
  /** Every address the browser went through, in order. */
  hops: string[];
}

export class CookieBrowser {
  readonly #clock: Clock;
  readonly #jar = new Map<string, Map<string, StoredCookie>>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  cookie(host: string, name: string): string | undefined {
    return this.#cookies(host).get(name);
  }

  /** Loads a page as a browser does, following redirects. */
  async open(address: string): Promise<PageVisit> {
    const hops: string[] = [];
    let url = address;
    for (let hop = 0; hop < 20; hop++) {
      hops.push(url);
      const response = await this.#send(url, {
        method: 'GET',
        headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url).href;
        continue;
      }
      return { status: response.status, url, body: await response.text(), hops };
    }
    throw new Error(`too many redirects: ${hops.join(' -> ')}`);
  }

  /** A call a page's script makes to its own origin's API. */
  async call(method: string, address: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const origin = new URL(address).origin;
    const response = await this.#send(address, {
      method,
      headers: {
        accept: 'application/json',
        'sec-fetch-dest': 'empty',
        'sec-fetch-mode': 'cors',
        'sec-fetch-site': 'same-origin',
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  /** A form post from a page of the service (e.g. Sign out). */
  async post(address: string, form: Record<string, string> = {}): Promise<number> {
    const response = await this.#send(address, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-dest': 'document',
        'sec-fetch-site': 'same-origin',
        origin: new URL(address).origin,
      },
      body: new URLSearchParams(form).toString(),
    });
    return response.status;
  }

  async #send(address: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response> {
    const url = new URL(address);
    const cookies = [...this.#cookies(url.hostname)].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, ...(cookies ? { cookie: cookies } : {}) } });
    for (const directive of response.headers.getSetCookie()) this.#store(url.hostname, directive);
    return response;
  }

  #cookies(host: string): Map<string, string> {
    const now = this.#clock.now().getTime();
    const live = new Map<string, string>();
    for (const [name, cookie] of this.#jar.get(host) ?? []) if (cookie.expiresAt === null || cookie.expiresAt > now) live.set(name, cookie.value);
    return live;
  }

  #store(host: string, directive: string): void {
    const [pair = '', ...attributes] = directive.split(';');
    const equals = pair.indexOf('=');
    if (equals <= 0) return;
    const name = pair.slice(0, equals).trim();
    const value = pair.slice(equals + 1).trim();
    const maxAge = attributes.map((attribute) => /^\s*max-age=(-?\d+)\s*$/i.exec(attribute)?.[1]).find((found) => found !== undefined);
    const cookies = this.#jar.get(host) ?? new Map<string, StoredCookie>();
    this.#jar.set(host, cookies);
    if (maxAge !== undefined && Number(maxAge) <= 0) {
      cookies.delete(name);
      return;
    }
    cookies.set(name, { value, expiresAt: maxAge === undefined ? null : this.#clock.now().getTime() + Number(maxAge) * 1000 });
  }
}
