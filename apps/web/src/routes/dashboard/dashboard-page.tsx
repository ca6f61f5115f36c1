/** Placeholder. */
export function DashboardPage() {
  return null;
}
