/** The multipart body of POST and PATCH /workspace: the name first, then the image file. */
export interface WorkspaceFormInput {
  /** SPEC §5: 1–15 visible characters (zWorkspaceName); required on create. */
  name?: string;
  /** A JPEG, PNG, WebP or GIF of at most LIMITS.avatarBytes; required on create. */
  image?: File | null;
}

/** `input` as multipart/form-data with fields `name` and `image` (absent ones left out). */
export function workspaceFormData({ name, image }: WorkspaceFormInput): FormData {
  const body = new FormData();
  if (name !== undefined) body.append('name', name);
  if (image) body.append('image', image, image.name);
  return body;
}
