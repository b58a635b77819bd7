/** The tag manager's queue: events pushed here are read by whatever tag manager the site adds. */
declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

/** Spec section 7: in production, a completed registration pushes site_click / membership_registration. */
export function pushRegistrationEvent(): void {
  if (process.env.NODE_ENV !== 'production') return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event: 'site_click', item: 'membership_registration' });
}
