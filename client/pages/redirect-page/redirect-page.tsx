/** Placeholder until the screen is built; the route already points here. */
export default function RedirectPage() {
  return null;
}
