import { ok, page } from '@sauce/contract/common';
import { zSauce, type Sauce } from '@sauce/contract/sauces';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nullableInsteadOfAnyOf, responseSerializer } from './lib/serializer.ts';

const text: Sauce = {
  id: 1,
  type: 'TEXT',
  title: 'Grid "systems"\n',
  createdAt: '2026-01-02T03:04:05.999Z',
  updatedAt: '2026-01-02T03:04:05.999Z',
  thumbnail: null,
  textCard: { text: 'notes', link: 'https://example.com/', title: 'Example', description: '', image: '', previewStatus: 'ready', broken: false, copyStatus: null },
  textSauce: { text: 'notes', link: 'https://example.com/' },
  imageSauce: null,
  thumbnailMeta: null,
  tagSet: [{ name: '그리드' }],
  folderSet: [{ id: 2, name: 'Refs' }],
  userNickname: 'alice',
  userProfileImage: null,
  isEditable: true,
  activeSauce: true,
  isShareEnabled: false,
  byteSize: 0,
  modeType: 'Sauce',
  destination: 'https://example.com/',
  summary: null,
  savedCopy: null,
};
const image: Sauce = {
  ...text,
  id: 3,
  type: 'IMAGE',
  textCard: null,
  textSauce: null,
  destination: null,
  thumbnail: '/files/images/ab/thumb.webp?exp=1&sig=x',
  thumbnailMeta: { width: 2560, height: 1600, color: '#a0b0c0' },
  imageSauce: [
    {
      id: 9,
      url: '/files/images/ab/display.webp?exp=1&sig=x',
      thumbnailUrl: '/files/images/ab/thumb.webp?exp=1&sig=x',
      originalUrl: '/files/images/ab/original.jpg?exp=1&sig=x',
      width: 2560,
      height: 1600,
      byteSize: 1234,
      color: '#a0b0c0',
      palette: ['#a0b0c0', '#102030'],
      order: 0,
      comments: [
        { id: 1, message: 'here', x: 0.25, y: 0.5, parent: null, authorNickname: 'alice', authorProfileImage: null, createdAt: '2026-01-02T03:04:05.999Z', isEditable: false },
        { id: 2, message: 'reply', x: 0.25, y: 0.5, parent: 1, authorNickname: 'bob', authorProfileImage: null, createdAt: '2026-01-02T03:04:05.999Z', isEditable: false },
      ],
      text: 'Ship faster\n첫 달 무료',
      textStatus: 'done',
    },
  ],
};

describe('response serializer', () => {
  const serialize = responseSerializer({ schema: ok(page(zSauce)) });

  it('writes nullable objects both ways, as JSON.stringify would', () => {
    const body = { success: true, data: { results: [text, image], count: 2, next: null, previous: 1 } };
    expect(serialize(body)).toBe(JSON.stringify(body));
  });

  it('still writes only the fields the schema names, inside nullable objects too', () => {
    const leaky = { ...text, shareId: 'secret', textCard: { ...text.textCard!, workspaceId: 9 } };
    const out = serialize({ success: true, data: { results: [leaky], count: 1, next: null, previous: null } });
    expect(out).not.toContain('secret');
    expect(out).not.toContain('workspaceId');
  });

  it('rewrites only `anyOf: [schema, null]`, not other unions', () => {
    const json = z.toJSONSchema(z.object({ a: z.object({ x: z.string() }).nullable(), b: z.union([z.string(), z.number()]) }));
    const props = (nullableInsteadOfAnyOf(json) as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(props.a).toMatchObject({ type: 'object', nullable: true });
    expect(props.a).not.toHaveProperty('anyOf');
    expect(props.b).toEqual(json.properties!.b);
  });
});
