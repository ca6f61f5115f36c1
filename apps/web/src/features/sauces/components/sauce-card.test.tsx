import type { Sauce } from '@sauce/contract/sauces';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/index.ts';
import { SauceCard } from './sauce-card.tsx';

const base: Sauce = {
  id: 7,
  type: 'TEXT',
  title: 'Grid systems',
  createdAt: '2024-05-01T09:30:00.000Z',
  updatedAt: '2024-05-01T09:30:00.000Z',
  thumbnail: null,
  textCard: {
    text: 'Notes on grids',
    link: 'https://www.example.com/grids',
    title: 'Grids',
    description: '',
    image: 'https://www.example.com/og.png',
  },
  textSauce: { text: 'Notes on grids', link: 'https://www.example.com/grids' },
  tagSet: [{ name: 'layout' }],
  folderSet: [],
  userNickname: 'mina',
  userProfileImage: null,
  isEditable: false,
  activeSauce: true,
  isShareEnabled: false,
  byteSize: 0,
  modeType: 'Sauce',
  destination: 'https://www.example.com/grids',
};

const renderCard = (sauce: Sauce, onDelete?: () => void) =>
  render(
    <MemoryRouter>
      <SauceCard sauce={sauce} onDelete={onDelete} />
    </MemoryRouter>,
  );

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('SauceCard (SPEC §2 Cards)', () => {
  it('shows the date as YYYY.MM.DD from the first 10 characters of createdAt', () => {
    renderCard(base);
    expect(screen.getByText('2024.05.01').tagName).toBe('TIME');
  });

  it('is one link named by its title, leading to the text editor', () => {
    renderCard(base);
    const link = screen.getByRole('link', { name: 'Grid systems' });
    expect(link.getAttribute('href')).toBe('/archive/text?sauceId=7&archiveType=TEXT');
  });

  it('shows nickname, initial avatar, tags and the link domain, but not the link itself', () => {
    renderCard(base);
    expect(screen.getByText('mina')).toBeTruthy();
    expect(screen.getByText('M')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'layout' })).toBeTruthy();
    expect(screen.getByText('example.com')).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('leads image sources to the image editor', () => {
    renderCard({ ...base, type: 'IMAGE', textCard: null, textSauce: null });
    expect(screen.getByRole('link', { name: 'Grid systems' }).getAttribute('href')).toBe(
      '/archive/image?sauceId=7&archiveType=IMAGE',
    );
  });

  it('offers the menu only on editable cards', () => {
    renderCard(base, () => {});
    expect(screen.queryByRole('button', { name: /more actions/i })).toBeNull();
    cleanup();
    renderCard({ ...base, isEditable: true }, () => {});
    expect(screen.getByRole('button', { name: 'More actions for Grid systems' })).toBeTruthy();
  });

  it('never shows a non-http(s) link domain or image', () => {
    renderCard({
      ...base,
      title: '',
      textCard: { ...base.textCard!, link: 'javascript:alert(1)', image: 'javascript:alert(1)', title: '' },
    });
    expect(screen.getByRole('link', { name: /^Untitled ?: Notes on grids$/ })).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    // Without a picture the text fills the preview box, once.
    expect(screen.getAllByText('Notes on grids')).toHaveLength(1);
    expect(screen.queryByText(/javascript/)).toBeNull();
  });
});
