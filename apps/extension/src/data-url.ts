/** Bytes of a Blob as a `data:` URL (FileReader is missing in service workers). */
export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/** A `data:` URL back to a Blob. */
export async function dataUrlToBlob(dataUrl: string): Promise<Blob> {
  return (await fetch(dataUrl)).blob();
}

/** A part of the visible area, CSS pixels, and the device pixel ratio it was seen at. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
  dpr: number;
}

/** Cuts `region` out of a screenshot (`data:` URL) as PNG. */
export async function cropScreenshot(dataUrl: string, region: Region): Promise<string> {
  const bitmap = await createImageBitmap(await dataUrlToBlob(dataUrl));
  const sx = Math.max(0, Math.round(region.x * region.dpr));
  const sy = Math.max(0, Math.round(region.y * region.dpr));
  const w = Math.max(1, Math.min(bitmap.width - sx, Math.round(region.width * region.dpr)));
  const h = Math.max(1, Math.min(bitmap.height - sy, Math.round(region.height * region.dpr)));
  const canvas = new OffscreenCanvas(w, h);
  canvas.getContext('2d')!.drawImage(bitmap, sx, sy, w, h, 0, 0, w, h);
  return blobToDataUrl(await canvas.convertToBlob({ type: 'image/png' }));
}
