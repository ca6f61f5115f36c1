import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { TermsStep } from './terms-step.tsx';
import { allAgreed, NO_TERMS, toggleTerm } from './terms.ts';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('terms logic (SPEC §4 Terms)', () => {
  it("toggling 'all' sets all three, and again clears them", () => {
    const on = toggleTerm(NO_TERMS, 'all');
    expect(on).toEqual({ service: true, privacy: true, marketing: true });
    expect(toggleTerm(on, 'all')).toEqual(NO_TERMS);
  });

  it("'all' is true only when service, privacy and marketing all are", () => {
    let t = toggleTerm(NO_TERMS, 'service');
    t = toggleTerm(t, 'privacy');
    expect(allAgreed(t)).toBe(false);
    t = toggleTerm(t, 'marketing');
    expect(allAgreed(t)).toBe(true);
  });

  it("'all' partly agreed turns everything on", () => {
    expect(toggleTerm({ service: true, privacy: false, marketing: false }, 'all')).toEqual({
      service: true,
      privacy: true,
      marketing: true,
    });
  });
});

describe('TermsStep', () => {
  const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

  it('checks all rows from "Agree to all" and follows the rows', () => {
    render(<TermsStep onBack={() => {}} onSubmit={() => {}} />);
    fireEvent.click(box(/Agree to all/));
    expect(box(/Terms of Service/).checked).toBe(true);
    expect(box(/personal information/).checked).toBe(true);
    expect(box(/Marketing/).checked).toBe(true);
    fireEvent.click(box(/Marketing/));
    expect(box(/Agree to all/).checked).toBe(false);
    fireEvent.click(box(/Marketing/));
    expect(box(/Agree to all/).checked).toBe(true);
  });

  it('continues only with both required terms, passing the marketing choice', () => {
    const onSubmit = vi.fn();
    render(<TermsStep onBack={() => {}} onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Agree and continue' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(box(/Terms of Service/));
    expect(submit.disabled).toBe(true);
    fireEvent.click(box(/personal information/));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith(false);
  });
});
