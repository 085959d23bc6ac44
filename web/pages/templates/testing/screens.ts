import { afterEach, beforeEach, vi } from 'vitest';
import type { TemplateView } from '../../../../common/templates';
import { feedback } from '../../../lib/feedback-store';
import { ada, signedIn, stubServer, templateHandlers } from '../../../test/stubs/templates';

// Every test of the template screens starts without messages and ends without its fake server.
beforeEach(() => feedback.reset());
afterEach(() => vi.unstubAllGlobals());

type Handlers = Parameters<typeof stubServer>[0];

/** The fake server of the template screens, with Ada signed in. */
export const serveSignedIn = (handlers: Handlers) => stubServer(handlers, signedIn(ada));

/** The fake server of one template's screens (`extra` adds or replaces answers), Ada signed in. */
export const serveTemplate = (template: TemplateView, extra: Handlers = {}) =>
  serveSignedIn(templateHandlers(template, extra));
