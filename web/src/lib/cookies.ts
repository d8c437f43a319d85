/** Reading and writing the few readable cookies the web app owns (pure: takes and returns strings). */

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export interface CookieOptions {
  /** Omitted: a session cookie. */
  days?: number;
  now?: Date;
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (options.days !== undefined) {
    const expires = new Date((options.now ?? new Date()).getTime() + options.days * 86_400_000);
    parts.push(`expires=${expires.toUTCString()}`);
  }
  return parts.join('; ');
}

/** None on the server: a server-made page is rendered for no one in particular. */
export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  return readCookie(document.cookie, name);
}

export function setCookie(name: string, value: string, options?: CookieOptions): void {
  document.cookie = serializeCookie(name, value, options);
}
