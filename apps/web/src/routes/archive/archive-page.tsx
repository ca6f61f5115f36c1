/** Placeholder. */
export function ArchivePage() {
  return null;
}
