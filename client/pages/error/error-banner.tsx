/**
 * A decorative illustration for the something-went-wrong page: a disconnected plug, drawn in the
 * page's colours (styles.css), so it sits as well on the dark scheme as on the light one.
 */
export function ErrorBanner() {
  return (
    <svg className="error-page__banner" viewBox="0 0 240 120" role="presentation" aria-hidden="true" focusable="false">
      <rect className="error-page__banner-ground" x="0" y="0" width="240" height="120" rx="12" />
      <g className="error-page__banner-plug">
        <path d="M20 60 H88" strokeWidth="6" strokeLinecap="round" fill="none" />
        <rect x="88" y="42" width="26" height="36" rx="5" stroke="none" />
        <path d="M114 50 H126 M114 70 H126" strokeWidth="5" strokeLinecap="round" />
      </g>
      <g className="error-page__banner-socket">
        <rect x="140" y="42" width="26" height="36" rx="5" stroke="none" />
        <path d="M166 60 H220" strokeWidth="6" strokeLinecap="round" fill="none" />
      </g>
      <g className="error-page__banner-sparks" strokeWidth="4" strokeLinecap="round">
        <path d="M128 30 L134 40 M120 26 L120 38 M112 30 L106 40" />
        <path d="M128 90 L134 80 M120 94 L120 82 M112 90 L106 80" />
      </g>
    </svg>
  );
}
