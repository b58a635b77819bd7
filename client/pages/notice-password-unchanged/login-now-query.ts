/** The login query after keeping the password: the link's pass ('-' means none) and the callback URL as CallBackURL. */
export function loginNowQuery(pass: string, callbackUrl: string): string {
  const params = new URLSearchParams();
  if (pass && pass !== '-') params.set('pass', pass);
  if (callbackUrl) params.set('CallBackURL', callbackUrl);
  const query = params.toString();
  return query ? `?${query}` : '';
}
