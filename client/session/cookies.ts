/** Cookies the client itself writes (path /), such as the OTP send time of spec section 4. */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (maxAgeSeconds !== undefined) parts.push(`max-age=${maxAgeSeconds}`);
  if (location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function readCookie(name: string): string | undefined {
  const wanted = encodeURIComponent(name);
  for (const pair of document.cookie.split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key === wanted) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
