/**
 * CSRF tokens for our own HTML forms (development sign-in, local checkout),
 * by double submission: the page sets a random token in a SameSite=Strict,
 * HttpOnly cookie and repeats it in a hidden field; a post counts only when
 * the two agree. Another site can make a browser post the form, but cannot
 * read or set our cookie, so it cannot know the token.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from './html.ts';

export const CSRF_COOKIE = '__csrf';
export const CSRF_FIELD = 'csrf';
const TOKEN_BYTES = 32;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** This browser's token: the one its cookie holds, else a new one, set on the reply. */
export function csrfToken(request: FastifyRequest, reply: FastifyReply, secureCookie: boolean): string {
  const existing = request.cookies?.[CSRF_COOKIE];
  if (existing && TOKEN.test(existing)) return existing;
  const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure: secureCookie });
  return token;
}

/** The hidden field a form repeats the token in. */
export function csrfField(token: string): string {
  return `<input type="hidden" name="${CSRF_FIELD}" value="${escapeHtml(token)}">`;
}

/** Whether the posted field and the cookie carry the same token. */
export function hasValidCsrfToken(request: FastifyRequest, submitted: string | undefined): boolean {
  const cookie = request.cookies?.[CSRF_COOKIE];
  if (!cookie || !submitted || !TOKEN.test(cookie) || cookie.length !== submitted.length) return false;
  return crypto.timingSafeEqual(Buffer.from(cookie), Buffer.from(submitted));
}
