import type { Metadata } from '@sauce/contract/meta';
import { type PageMetadata, parseArticlePage } from '../services/articles/page-metadata.ts';
import { parseMetadata } from '../services/html-metadata.ts';
import { decodeHtml, extractReadable, type ReadableArticle } from './readable.ts';

/**
 * Issue #29: the page reader's thread (./page-reader.ts runs it in a pool): parses one
 * fetched page off the server's event loop. A page arrives as the bytes fetched (decoded here
 * by its `charset`, lib/readable.ts decodeHtml) or as text already decoded (a page a browser
 * drew); what is sent back is plain data.
 */

/** A page as it is sent to the thread: its bytes (with the charset its Content-Type named) or its text. */
export type PageSource = { html: Uint8Array | string; charset?: string };

/** What the thread is asked to read of a page, and what each answers. */
export type PageTask =
  /** Link metadata (services/html-metadata.ts parseMetadata) of the page at `url`. */
  | (PageSource & { op: 'metadata'; url: string })
  /** The page's readable text (lib/readable.ts extractReadable, `minChars` as it takes). */
  | (PageSource & { op: 'readable'; minChars?: number })
  /** An article page's metadata (services/articles/page-metadata.ts parseArticlePage) at `url`. */
  | (PageSource & { op: 'articlePage'; url: string });
export type PageAnswer<T extends PageTask['op']> = { metadata: Metadata; readable: ReadableArticle | null; articlePage: PageMetadata }[T];

const asBuffer = (html: Uint8Array) => Buffer.from(html.buffer, html.byteOffset, html.byteLength);
const text = ({ html, charset }: PageSource) => (typeof html === 'string' ? html : decodeHtml(asBuffer(html), charset));

/** Reads `task`'s page as its `op` says (see {@link PageTask}). */
export default function read(task: PageTask): PageAnswer<PageTask['op']> {
  switch (task.op) {
    case 'metadata':
      return parseMetadata(typeof task.html === 'string' ? task.html : asBuffer(task.html), task.url, task.charset);
    case 'readable':
      return extractReadable(text(task), task.minChars === undefined ? {} : { minChars: task.minChars });
    case 'articlePage':
      return parseArticlePage(text(task), task.url);
  }
}
