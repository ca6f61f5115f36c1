import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { highlightPattern } from '../../../components/highlight.tsx';
import { initI18n } from '../../../test/i18n.ts';
import { sauceFixture } from '../../../test/sauces.ts';
import { SauceCard } from './sauce-card.tsx';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

describe('a search result found in an image (issue #33)', () => {
  it('says which image on the card, and opens the source there with the words to mark', () => {
    const found = { ...sauceFixture('IMAGE', { id: 7, title: 'Landing' }), snippet: 'Ship faster with fewer meetings', snippetImage: 1 };
    render(
      <MemoryRouter>
        <SauceCard sauce={found} highlight={highlightPattern(['ship'])} marks={['ship']} />
      </MemoryRouter>,
    );
    expect(screen.getByText('In image 2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Landing' }).getAttribute('href')).toBe('/archive/image?sauceId=7&archiveType=IMAGE&image=2&mark=ship');
  });
});
