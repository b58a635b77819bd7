/** A decorative illustration for the something-went-wrong page: a disconnected plug. */
export function ErrorBanner() {
  return (
    <svg
      className="error-page__banner"
      width="240"
      height="120"
      viewBox="0 0 240 120"
      role="presentation"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0" y="0" width="240" height="120" rx="12" fill="#eef2f7" />
      <path d="M20 60 H88" stroke="#5b6b82" strokeWidth="6" strokeLinecap="round" fill="none" />
      <rect x="88" y="42" width="26" height="36" rx="5" fill="#5b6b82" />
      <path d="M114 50 H126 M114 70 H126" stroke="#5b6b82" strokeWidth="5" strokeLinecap="round" />
      <rect x="140" y="42" width="26" height="36" rx="5" fill="#9aa7b8" />
      <path d="M166 60 H220" stroke="#9aa7b8" strokeWidth="6" strokeLinecap="round" fill="none" />
      <path d="M128 30 L134 40 M120 26 L120 38 M112 30 L106 40" stroke="#e0a000" strokeWidth="4" strokeLinecap="round" />
      <path d="M128 90 L134 80 M120 94 L120 82 M112 90 L106 80" stroke="#e0a000" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
