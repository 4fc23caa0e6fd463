/**
 * axe-core on every route of the app at desktop width (1440 px), light and dark (issue 17; the phone width is
 * a11y-phone.spec.ts, the keyboard-only journey keyboard.spec.ts). See fixtures/a11yEveryRoute.ts.
 */
import { axeOnEveryRoute } from './fixtures/a11yEveryRoute.ts';

axeOnEveryRoute([{ name: 'desktop', width: 1440, height: 900 }]);
