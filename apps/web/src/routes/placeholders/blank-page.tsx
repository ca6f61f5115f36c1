/** /tests and /figma (SPEC §2 Routes: their content is not shown). */
export function BlankPage() {
  return null;
}
