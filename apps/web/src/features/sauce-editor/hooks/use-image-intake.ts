import { LIMITS } from '@sauce/contract/limits';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readSharedFiles } from '../../../lib/share-target.ts';
import { showToast } from '../../../state/app-store.ts';
import type { ImageSauce } from '../../../lib/sauces/use-image-sauce.ts';

/** Files on the clipboard: `files`, else file items (some browsers fill only one). */
function clipboardFiles(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = Array.from(data.files ?? []);
  if (files.length > 0) return files;
  return Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((f): f is File => f !== null);
}

const isEditableTarget = (target: EventTarget | null) =>
  target instanceof Element && !!target.closest('input, textarea, select, [contenteditable="true"], [contenteditable=""]');

/**
 * How images come into the image editor besides its picker and drop area (SPEC §5): pasted
 * anywhere on the page (image files only: anything else says 'Supports only pasting image',
 * text pasted into a field stays text), and images shared to Sauce from another app when
 * `takeShared` (issue #11 item 9). Returns `addFiles`, which adds and uploads files and
 * says when some went over the 10 images of a source (SPEC §9).
 * @param paused A dialog is open: pasting is left to it.
 */
export function useImageIntake(liveSauce: ImageSauce, { takeShared = false, paused }: { takeShared?: boolean; paused: boolean }) {
  const { t } = useTranslation('images');

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    const { overLimit } = liveSauce.addFiles(files);
    if (overLimit > 0) showToast(t('add.overLimit', { count: overLimit, max: LIMITS.imagesPerSauce }), 'error');
  };

  // Shared images are read when the page opens, forgotten once added (a second read in
  // StrictMode's double effect finds them still there, and only the kept run adds them).
  const addShared = useEffectEvent(addFiles);
  useEffect(() => {
    if (!takeShared) return;
    let cancelled = false;
    void readSharedFiles().then(({ files, clear }) => {
      if (cancelled) return;
      addShared(files);
      void clear();
    });
    return () => {
      cancelled = true;
    };
  }, [takeShared]);

  const onPaste = useEffectEvent((e: ClipboardEvent) => {
    if (paused || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
    const files = clipboardFiles(e.clipboardData);
    const images = files.filter((f) => f.type.startsWith('image/'));
    if (images.length > 0) {
      e.preventDefault();
      addFiles(images);
      return;
    }
    // Text pasted into a field is just text.
    if (files.length === 0 && isEditableTarget(e.target)) return;
    e.preventDefault();
    showToast(t('add.pasteOnlyImage'), 'error');
  });
  useEffect(() => {
    const handler = (e: ClipboardEvent) => onPaste(e);
    document.addEventListener('paste', handler);
    return () => document.removeEventListener('paste', handler);
  }, []);

  return addFiles;
}
