/**
 * axe-core on every route of the app at phone width (390 px), light and dark (issue 17; the desktop width is
 * a11y.spec.ts). See fixtures/a11yEveryRoute.ts.
 */
import { axeOnEveryRoute } from './fixtures/a11yEveryRoute.ts';

axeOnEveryRoute([{ name: 'phone', width: 390, height: 844 }]);
