// Issue #11 item 5: the Content-Security-Policy allows no eval. Zod compiles object parsers
// with `new Function` unless configured `jitless`, and its probe for eval is itself reported
// as a CSP violation. The setting must be in place before any schema is built, and the
// bundler may run the app's chunks before the entry's own first lines, so it is this plain
// script, run by index.html before the app's module: it fills zod's global configuration
// object (what `z.config({ jitless: true })` writes), which zod adopts when it loads.
// e2e/specs/security.spec.ts fails if the eval probe comes back.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
