import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api.ts';
import { uploadImage } from './upload-image.ts';

/** A stand-in XMLHttpRequest the test answers by hand. */
class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload = { onprogress: null as ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown, raw = false) {
    this.status = status;
    this.responseText = raw ? String(body) : JSON.stringify(body);
    this.onload?.();
  }
}

const UPLOADED = {
  id: 42,
  url: '/files/a.webp',
  thumbnailUrl: '/files/a-t.webp',
  originalUrl: '/files/a.png',
  width: 10,
  height: 10,
  byteSize: 100,
  color: '#ffffff',
};
const file = () => new File([new Uint8Array(8)], 'photo.png', { type: 'image/png' });
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  document.cookie = 'csrf_token=tok123';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadImage (XMLHttpRequest with progress)', () => {
  it('posts the file as multipart with the anti-forgery header and reports progress', async () => {
    const onProgress = vi.fn();
    const done = uploadImage(3, file(), { onProgress });
    const xhr = FakeXhr.all[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/archive/sauce/3/image/upload/single']);
    expect(xhr.headers['x-csrf-token']).toBe('tok123');
    expect((xhr.body!.get('file') as File).name).toBe('photo.png');
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 25, total: 100 });
    expect(onProgress).toHaveBeenLastCalledWith(0.25);
    xhr.respond(200, { success: true, data: UPLOADED });
    await expect(done).resolves.toEqual(UPLOADED);
  });

  it('after a 401 TOKEN_EXPIRED refreshes the session once and sends again', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const done = uploadImage(3, file());
    FakeXhr.all[0]!.respond(401, { success: false, error: { code: 'TOKEN_EXPIRED', message: 'expired' } });
    await flush();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/token/refresh', expect.objectContaining({ method: 'POST' }));
    expect(FakeXhr.all).toHaveLength(2);
    FakeXhr.all[1]!.respond(200, { success: true, data: UPLOADED });
    await expect(done).resolves.toEqual(UPLOADED);
  });

  it('throws the server error with its details, and names bare 413/415 answers', async () => {
    const tooBig = uploadImage(3, file());
    FakeXhr.all[0]!.respond(413, {
      success: false,
      error: { code: 'TOO_MANY_PIXELS', message: 'x', details: { limitPixels: 100_000_000 } },
    });
    await expect(tooBig).rejects.toMatchObject({ status: 413, code: 'TOO_MANY_PIXELS', details: { limitPixels: 100_000_000 } });

    const proxy = uploadImage(3, file());
    FakeXhr.all[1]!.respond(413, '<html>Request Entity Too Large</html>', true);
    await expect(proxy).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('fails with NETWORK when the connection drops, and with AbortError when aborted', async () => {
    const lost = uploadImage(3, file());
    FakeXhr.all[0]!.onerror!();
    const error = await lost.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('NETWORK');

    const controller = new AbortController();
    const aborted = uploadImage(3, file(), { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
