import { useSearchParams } from 'react-router';
import { useAppStore } from '../../state/app-store.ts';

/** A query value as a positive whole number (an id), else undefined. */
export const positiveInt = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** /dashboard, keeping the selected folder (SPEC §2 Header: the folder query is kept). */
export function useDashboardHref() {
  const [params] = useSearchParams();
  const selected = useAppStore((s) => s.selectedFolder);
  const folder = positiveInt(params.get('folder')) ?? selected ?? undefined;
  return { href: folder ? `/dashboard?folder=${folder}` : '/dashboard', folder };
}
