/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Offline use, started after the first screen is drawn (main.tsx imports this lazily): registers the
 * service worker that vite-plugin-pwa generates (vite.config.ts) and shows its news in a small root of
 * its own, beside the page's. `registerSW` waits for the window's load event before registering, so the
 * download of the site for offline use does not compete with the first visit's own loading.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { createUpdateStore, type UpdateStore } from '../../state/offline/updateStore';
import { UpdatePrompt } from './UpdatePrompt';

/** `saveWork` writes the learner's text before the page reloads for a new version. */
export function startOffline(saveWork: () => void): UpdateStore {
  const store = createUpdateStore({
    register: (events) => {
      const update = registerSW({
        onOfflineReady: events.offlineReady,
        onNeedRefresh: events.needRefresh,
        // Without this the library reloads the page itself when a new worker takes control.
        onNeedReload: events.controlledByNew,
      });
      return async () => {
        if (navigator.serviceWorker.controller !== null) return update(false);
        // A first visit's own tab is controlled by no worker (the site was downloaded beside it), so no
        // takeover is ever signalled here; and as the old worker controls no page, the new one does not
        // even wait. This tab reloads once the newest worker is active: the reload opens the new build.
        const registration = await navigator.serviceWorker.getRegistration();
        const newest = registration?.waiting ?? registration?.installing ?? registration?.active ?? null;
        await update(false);
        if (newest !== null && newest.state !== 'activated')
          await new Promise<void>((resolve) =>
            newest.addEventListener('statechange', () => newest.state === 'activated' && resolve()),
          );
        events.controlledByNew();
      };
    },
    saveWork,
    reload: () => window.location.reload(),
  });
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <UpdatePrompt store={store} />
    </StrictMode>,
  );
  store.getState().start();
  return store;
}
