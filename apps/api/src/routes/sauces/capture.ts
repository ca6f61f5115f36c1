import { rm } from 'node:fs/promises';
import path from 'node:path';
import { countedLength, LIMITS } from '@sauce/contract/limits';
import { zCaptureFields } from '@sauce/contract/sauces';
import type { FastifyRequest } from 'fastify';
import { endpoint } from '../../lib/endpoint.ts';
import type { Deps, ZApp } from '../../deps.ts';
import { InvalidFormatError } from '../../errors.ts';
import { type CaptureForm, readCaptureForm } from '../../lib/capture-form.ts';
import { multipartForm } from '../../lib/openapi.ts';
import { membershipOf } from '../../policies/authorize.ts';
import { presentSauceImages } from '../../presenters/image.ts';
import { presentSauce } from '../../presenters/sauce.ts';
import { imageTextSending } from '../../jobs/image-text.ts';
import { readSauceImages } from '../../services/images.ts';
import { captureSauce } from '../../services/captures.ts';
import { admitImage } from '../../services/image-processing.ts';

const tags = ['sauces'];


const CAPTURE_FORM = multipartForm(
  {
    link: { description: "The page's address (http or https)." },
    title: { description: "The page's title: at most 100 characters, 60 when images are sent (SPEC §5)." },
    text: { description: 'The note: the text selected on the page, at most 20,000 characters.' },
    tagSet: { description: 'A tag (repeat the field for more) or a JSON array of tags: at most 5, Korean or English letters and digits, 15 each.' },
    folderSet: { description: "A folder id of the space (repeat the field for more) or a JSON array of ids." },
    snapshot: { file: true, description: 'The page as self-contained HTML in UTF-8, at most 20,971,520 bytes; kept as the saved copy, shown sandboxed.' },
    screenshot: { file: true, description: "The visible area: JPEG, PNG, WebP, GIF or AVIF; the saved copy's picture and the card's thumbnail." },
    image: { file: true, description: 'An image from the page (repeat for more, at most 10): makes an image source keeping the link.' },
  },
  [],
);

/** The capture's fields checked as an ordinary save's; a text or an image source by whether images came. */
function captureFields(form: CaptureForm) {
  const parsed = zCaptureFields.safeParse({
    title: form.title,
    link: form.link ? form.link : null,
    text: form.text,
    tagSet: form.tagSet,
    folderSet: form.folderSet,
  });
  if (!parsed.success) {
    throw InvalidFormatError(parsed.error.issues.map((i) => ({ path: `/${i.path.join('/')}`, message: i.message })));
  }
  const type = form.images.length > 0 ? ('IMAGE' as const) : ('TEXT' as const);
  if (type === 'IMAGE' && countedLength(parsed.data.title) > LIMITS.imageTitleLength) {
    throw InvalidFormatError([{ path: '/title', message: `At most ${LIMITS.imageTitleLength} characters` }]);
  }
  return { type, ...parsed.data };
}

/**
 * Issue #20: the browser extension's capture — a source and its saved copy in one request
 * (its tag suggestions are a route of routes/tags).
 */
export async function captureRoutes(app: ZApp, deps: Deps) {
  const tmpDir = path.join(deps.config.dataDir, 'tmp', 'uploads');

  app.route({
    ...endpoint('POST /archive/sauce/:workspace/capture', {
      summary: 'Save a page, its images and its saved copy as a new source (the browser extension)',
      description: 'One multipart request makes a text source (or, with `image` files, an image source keeping the link) and its saved copy ' +
        '(`snapshot`, `screenshot`) in one transaction, with every limit and role rule of an ordinary save. ' +
        'The server fetches nothing. Authorized before the body is read: a viewer gets 403 VIEWER_CANNOT_UPLOAD at once.',
      tags,
    }),
    // Each capture may hold 64 MB on disk while it waits to be processed: 30 a minute per person.
    config: {
      workspaceAction: 'createSauce',
      rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => (req.userId ? `user:${req.userId}` : `ip:${req.ip}`) },
      form: CAPTURE_FORM,
    },
    handler: async (req) => {
      // Authorized by the pre-handler before the body is read; the person's place in the
      // image line is taken before too (503/429 when full), then the files stream to disk.
      const m = membershipOf(req);
      if (!req.isMultipart()) throw InvalidFormatError('Send the capture as multipart/form-data.');
      const ticket = admitImage(m.userId);
      let form: CaptureForm | undefined;
      try {
        form = await readCaptureForm(req, tmpDir);
        const fields = captureFields(form);
        const record = await captureSauce(
          { db: deps.db, files: deps.files, log: req.log, imageText: imageTextSending(deps) },
          { m, tokenId: req.personalToken?.tokenId ?? null },
          {
            ...fields,
            snapshot: form.snapshot ? { path: form.snapshot.path, bytes: form.snapshot.bytes } : undefined,
            screenshot: form.screenshot?.path,
            images: form.images.map((i) => i.path),
          },
          ticket,
          deps.config.plan,
        );
        const images = presentSauceImages(deps.urls, await readSauceImages(deps.db, record.id), m.userId);
        return { success: true as const, data: presentSauce(record, true, deps.urls, images, true) };
      } finally {
        ticket.release();
        const files = form ? [form.snapshot, form.screenshot, ...form.images] : [];
        await Promise.all(files.map((f) => (f ? rm(f.path, { force: true }) : undefined)));
      }
    },
  });
}
