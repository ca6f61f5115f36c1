import { useParams } from 'react-router';
import { useProfile } from '../../lib/session.ts';
import { unlockBoard, useBoard } from '../../features/boards/api/board.ts';
import { BoardSkeleton, BoardView } from '../../features/boards/components/board-view.tsx';
import { ShareGate } from '../../components/share/share-gate.tsx';
import { TryCallout } from '../../components/share/try-callout.tsx';
import styles from './board-page.module.css';

/**
 * /board/{shareId} (issue #32): a folder shared as a board, open without sign-in. The space's
 * and folder's names, its sources in the folder's order, more as the visitor scrolls; 'Save
 * to Sauce' for signed-in visitors, the invitation to try Sauce for the others. When it cannot
 * be shown, the share gate says why — a password to type, an expired link, private, gone — as
 * a shared source's page does.
 */
export function BoardPage() {
  const { shareId = '' } = useParams();
  const board = useBoard(shareId);
  const { data: user } = useProfile();

  if (board.isPending) {
    return (
      <div className={styles.page}>
        <BoardSkeleton />
      </div>
    );
  }
  if (!board.data) {
    return (
      <ShareGate
        kind="board"
        error={board.error}
        signedIn={!!user}
        unlock={(password) => unlockBoard(shareId, password)}
        onUnlocked={board.refetch}
        retry={() => void board.refetch()}
        retrying={board.isFetching}
      />
    );
  }
  return (
    <div className={styles.page}>
      <BoardView
        pages={board.data.pages}
        canSave={!!user}
        more={{
          hasMore: board.hasNextPage,
          loading: board.isFetchingNextPage,
          failed: board.isFetchNextPageError,
          load: () => void board.fetchNextPage(),
        }}
      />
      {user === null && <TryCallout />}
    </div>
  );
}
