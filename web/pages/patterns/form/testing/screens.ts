import {
  ada,
  component,
  ok,
  PATTERN_2,
  PATTERN_3,
  profile,
  signedIn,
  stubServer,
  TEMPLATE_2,
  TEMPLATE_3,
  TEMPLATE_ID,
  V1,
  version,
  versionApi,
  view,
} from '../../../../test/stubs/patterns';

/** The components the pattern form tests pick: three statement templates and two patterns. */
export const played = component({ name: 'Played', uuid: TEMPLATE_ID });
export const paused = component({ name: 'Paused', uuid: TEMPLATE_2 });
export const ended = component({ name: 'Ended', uuid: TEMPLATE_3 });
export const skipping = component({
  name: 'Skipping',
  uuid: PATTERN_2,
  componentType: 'pattern',
  patternType: 'optional',
});
export const rewinding = component({
  name: 'Rewinding',
  uuid: PATTERN_3,
  componentType: 'pattern',
  patternType: 'oneOrMore',
});

type Handlers = Parameters<typeof stubServer>[0];

/** The fake server of a pattern form: Ada signed in, version 1 on screen, and `handlers`. */
export const serveForm = (handlers: Handlers, versionView = view(profile(), version())) =>
  stubServer({ [`GET ${versionApi(V1)}`]: ok(versionView), ...handlers }, signedIn(ada));
