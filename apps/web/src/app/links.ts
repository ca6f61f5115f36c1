/**
 * External links of the shell (SPEC §1, §2 Sidebar). Placeholders until the real
 * addresses are known; change them here only.
 */
export const LINKS = {
  /** Floating feedback button: the external feedback form. */
  feedbackForm: 'https://forms.gle/',
  /** Android companion app (marked NEW in the sidebar). */
  androidApp: 'https://play.google.com/store/apps/details?id=app.sauce',
  /** iOS companion app. */
  iosApp: 'https://apps.apple.com/app/sauce/id0000000000',
  /** The design-tool (Figma) plugin. */
  designPlugin: 'https://www.figma.com/community/plugin/0000000000/sauce',
} as const;
