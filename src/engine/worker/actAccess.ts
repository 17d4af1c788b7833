/**
 * A step, a jump or a principal switch with the access picture on screen, in one trip: the act's views
 * and, when the page asks (AccessAsk: the picture's choices and the cells it draws), the picture of the
 * look the act arrived at, in the same reply. Without it the page heard the new step, then asked the
 * engine again for its picture: two round trips a Next. The worker draws both at once (serve.ts); an
 * engine in the page's own thread answers once the picture's code has loaded (local.ts, lazyAccess.ts).
 */
import type { AccessLook, AccessPicture } from '../accessProtocol';
import type { Act, Acted, AccessAsk, Answer, SentViews } from '../protocol';

const then = <T, U>(value: Answer<T>, use: (value: T) => Answer<U>): Answer<U> =>
  value instanceof Promise ? value.then(use) : use(value);

export const actWithAccess =
  (act: (act: Act) => Answer<SentViews>, access: (look: AccessLook) => Answer<AccessPicture>) =>
  (intent: Act, ask?: AccessAsk): Answer<Acted> =>
    then(act(intent), (views) =>
      ask === undefined
        ? views
        : then(access({ ...ask, index: views.index, principal: views.principal }), (picture) => ({
            ...views,
            access: picture,
          })),
    );
