import type { Region } from '../src/data-url.ts';

/**
 * Run in the page for 'Select area' (issue #20): a veil over the page where a drag marks a
 * rectangle; Escape or a click without a drag cancels. Resolves with the rectangle (CSS px
 * of the visible area, and the device pixel ratio) once the veil is gone from the screen, so
 * the screenshot taken next does not show it; null when cancelled.
 */
export default defineUnlistedScript(
  () =>
    new Promise<Region | null>((resolve) => {
      const veil = document.createElement('div');
      veil.setAttribute('data-sauce-region', '');
      veil.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;cursor:crosshair;background:rgba(17,24,39,.25);user-select:none;';
      const box = document.createElement('div');
      box.style.cssText = 'position:fixed;border:2px solid #ff6b3d;background:rgba(255,107,61,.12);display:none;pointer-events:none;';
      veil.append(box);
      document.documentElement.append(veil);
      let start: { x: number; y: number } | null = null;
      let rect: Region | null = null;
      const finish = (result: Region | null) => {
        veil.remove();
        window.removeEventListener('keydown', onKey, true);
        // Two frames: the veil is off the screen before the screenshot.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(result)));
      };
      const onKey = (e: KeyboardEvent) => {
        if (e.key === 'Escape') finish(null);
      };
      window.addEventListener('keydown', onKey, true);
      veil.addEventListener('pointerdown', (e) => {
        start = { x: e.clientX, y: e.clientY };
        veil.setPointerCapture(e.pointerId);
      });
      veil.addEventListener('pointermove', (e) => {
        if (!start) return;
        const x = Math.min(start.x, e.clientX);
        const y = Math.min(start.y, e.clientY);
        rect = { x, y, width: Math.abs(e.clientX - start.x), height: Math.abs(e.clientY - start.y), dpr: window.devicePixelRatio || 1 };
        Object.assign(box.style, { display: 'block', left: `${x}px`, top: `${y}px`, width: `${rect.width}px`, height: `${rect.height}px` });
      });
      veil.addEventListener('pointerup', () => finish(rect && rect.width >= 4 && rect.height >= 4 ? rect : null));
    }),
);
