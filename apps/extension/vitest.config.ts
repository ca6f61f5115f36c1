import { defineConfig } from 'vitest/config';

// happy-dom loads nothing: the snapshotter's tests read no network.
export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.ts'],
    environmentOptions: {
      happyDOM: {
        url: 'https://page.example/pricing',
        settings: {
          disableIframePageLoading: true,
          disableJavaScriptFileLoading: true,
          disableJavaScriptEvaluation: true,
          disableCSSFileLoading: true,
          handleDisabledFileLoadingAsSuccess: true,
          navigation: { disableChildFrameNavigation: true, disableChildPageNavigation: true, disableMainFrameNavigation: true },
        },
      },
    },
  },
});
