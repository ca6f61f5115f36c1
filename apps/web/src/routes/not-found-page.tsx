/** Fallback for unknown routes. */
export function NotFoundPage() {
  return <p>Not found</p>;
}
