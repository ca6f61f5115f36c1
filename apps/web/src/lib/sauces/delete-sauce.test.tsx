import { notifyManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api.ts';
import { sauceKeys } from '../query-keys.ts';
import { renderWithApp } from '../../test/render.tsx';
import { useDeleteSauce } from './delete-sauce.ts';
import { useSauce } from './get-sauce.ts';

const api = vi.hoisted(() => vi.fn());
vi.mock('../api.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../api.ts')>()), api }));

let deleted = false;
/** The delete under way (the mutation's promise: it settles once its onSuccess has run). */
let deleting: Promise<unknown> | undefined;
beforeEach(() => {
  deleted = false;
  deleting = undefined;
  api.mockReset();
  api.mockImplementation(async (path: string, opts?: { method?: string }) => {
    if (path === '/archive/sauce/9/5' && opts?.method === 'DELETE') {
      deleted = true;
      return null;
    }
    if (path === '/archive/sauce/9/5') {
      if (deleted) throw new ApiError(404, 'SAUCE_NOT_FOUND', 'This source does not exist or was deleted.');
      return { id: 5, title: 'Last image' };
    }
    throw new Error(path);
  });
});
afterEach(cleanup);

/** A page showing source 5 (as the image editor does) with the button that deletes it. */
function Page() {
  const sauce = useSauce(9, 5);
  const remove = useDeleteSauce(9);
  if (sauce.isError) return <p>This source does not exist</p>;
  return (
    <>
      <p>{sauce.data?.title ?? 'loading'}</p>
      <button type="button" onClick={() => (deleting = remove.mutateAsync(5))}>
        Delete
      </button>
    </>
  );
}

describe('deleting the source on screen (issue #31 item 20)', () => {
  it('does not read it again under the page, which keeps showing it until it leaves', async () => {
    const { qc } = renderWithApp(<Page />);
    expect(await screen.findByText('Last image')).toBeTruthy();
    // No sleep: the delete is done once its mutation settles, after onSuccess, whose
    // invalidation awaits any refetch it starts; the query's observers then hear of what
    // changed in React Query's next batch, which act() renders.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
      await deleting;
    });
    await act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)));
    expect(deleted).toBe(true);
    expect(qc.getQueryState(sauceKeys.detail(9, 5))?.status).toBe('success');
    expect(screen.queryByText('This source does not exist')).toBeNull();
    expect(screen.getByText('Last image')).toBeTruthy();
    expect(api.mock.calls.filter(([path, opts]) => path === '/archive/sauce/9/5' && !opts?.method)).toHaveLength(1);
  });
});
