/**
 * The web app's two languages (SPEC §1). Its own module so html.ts and preload.ts, which
 * each need the other's types, import neither back (issue #19 item 4: no import loops).
 */
export type Lang = 'ko' | 'en';
