/** Placeholder. */
export function ArchiveTextPage() {
  return null;
}
