/**
 * The non-empty lines of a UTF-8 stream (Buffers or strings), as they arrive and as they are
 * asked for: the stream waits while the caller works on a line, and no more than a line and
 * a chunk are held at once. Linear in the stream however long its lines (each chunk is
 * searched once, each line joined once).
 */
export async function* lines(stream: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending: string[] = [];
  for await (const raw of stream) {
    const chunk = typeof raw === 'string' ? raw : decoder.decode(raw, { stream: true });
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
      pending.push(chunk.slice(start, nl));
      const line = pending.join('');
      pending = [];
      start = nl + 1;
      if (line) yield line;
    }
    if (start < chunk.length) pending.push(chunk.slice(start));
  }
  pending.push(decoder.decode());
  const last = pending.join('');
  if (last) yield last;
}
