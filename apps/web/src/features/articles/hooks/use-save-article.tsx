import type { Article } from '@sauce/contract/articles';
import { lazy, Suspense, useState } from 'react';
import { useProfile } from '../../../lib/session.ts';
import { openSignIn } from '../../../lib/sign-in-modal.ts';
import { useArticle } from '../api/articles.ts';
import { forgetClickedArticle, readClickedArticle, rememberClickedArticle } from '../lib/clicked-article.ts';

// Issue #11 item 2: the dialog loads with its own chunk when first opened.
const AddArticleDialog = lazy(async () => ({ default: (await import('../components/add-article-dialog.tsx')).AddArticleDialog }));

/**
 * 'Save to my sauce' (SPEC §4 Unauthenticated save on an article card, Add-article popup).
 * Signed in, it opens AddArticle for the article. Signed out, the article id is kept in
 * local storage as `clickedArticle` and the sign-in dialog opens with its close button;
 * once signed in (here, or back from Apple's page) the dialog opens for that article. A
 * remembered save older than 15 minutes is not acted on (the person moved on).
 * @returns `save(article)` and the dialog element to render.
 */
export function useSaveArticle() {
  const { data: user, isPending } = useProfile();
  const [target, setTarget] = useState<{ id: number; article?: Article } | null>(null);
  // Bumped on close: the remembered article lives in local storage, so closing must render again.
  const [, setClosed] = useState(0);

  // Signed in with an article waiting (SPEC §4 clickedArticle): its dialog shows until closed.
  const waiting = !isPending && user ? readClickedArticle() : null;
  const current = target ?? (waiting !== null ? { id: waiting } : null);
  const close = () => {
    forgetClickedArticle();
    setTarget(null);
    setClosed((n) => n + 1);
  };

  const save = (article: Article) => {
    if (user) {
      setTarget({ id: article.id, article });
      return;
    }
    rememberClickedArticle(article.id);
    openSignIn(false);
  };

  const dialog = current ? (
    <Suspense fallback={null}>
      <SaveDialog key={current.id} target={current} onClose={close} />
    </Suspense>
  ) : null;
  return { save, dialog };
}

/** AddArticle for `target`, reading the article when only its id is known (after sign-in). */
function SaveDialog({ target, onClose }: { target: { id: number; article?: Article }; onClose(): void }) {
  const { data } = useArticle(target.article ? null : target.id);
  return <AddArticleDialog articleId={target.id} article={target.article ?? data} onClose={onClose} />;
}
