import type { TemplateView } from '../../../../common/templates';
import { ada, signedIn, stubServer, templateHandlers } from './stub';

type Handlers = Parameters<typeof stubServer>[0];

/** The fake server of the template screens, with Ada signed in. */
export const serveSignedIn = (handlers: Handlers) => stubServer(handlers, signedIn(ada));

/** The fake server of one template's screens (`extra` adds or replaces answers), Ada signed in. */
export const serveTemplate = (template: TemplateView, extra: Handlers = {}) =>
  serveSignedIn(templateHandlers(template, extra));
