import { describe, expect, it } from 'vitest';
import { lines } from './lines.ts';

async function* chunks<T>(...parts: T[]) {
  yield* parts;
}
const all = async (stream: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const line of stream) out.push(line);
  return out;
};

describe('lines', () => {
  it('joins lines split across chunks, a character split across Buffers, and skips empty lines', async () => {
    const bytes = Buffer.from('가나\n\nabc');
    expect(await all(lines(chunks(bytes.subarray(0, 2), bytes.subarray(2, 8), bytes.subarray(8))))).toEqual(['가나', 'abc']);
    expect(await all(lines(chunks('a', 'b\nc', 'd\n', '\n', 'e')))).toEqual(['ab', 'cd', 'e']);
  });

  it('reads a 4 MB line in 64 KB chunks without going back over it', async () => {
    const long = 'x'.repeat(4 << 20);
    const parts = Array.from({ length: 64 }, (_, i) => long.slice(i << 16, (i + 1) << 16));
    const [line] = await all(lines(chunks(...parts, '\nnext')));
    expect(line).toHaveLength(4 << 20);
  });
});
