/**
 * The activity context (`https://w3id.org/xapi/profiles/activity-context`) for the
 * `activityDefinition` of Activity concepts (§7.4): the xAPI 1.0.3 Activity Definition properties
 * mapped into the xAPI ontology. Interaction component lists keep their order (`@list`) because
 * xAPI gives them an order; `correctResponsesPattern` is a set of alternatives.
 */
export const ACTIVITY_CONTEXT_IRI = 'https://w3id.org/xapi/profiles/activity-context';

const componentLists = ['choices', 'scale', 'source', 'target', 'steps'];

function build(): Record<string, string | Record<string, string>> {
  const ctx: Record<string, string | Record<string, string>> = {
    xapi: 'https://w3id.org/xapi/ontology#',
    type: { '@id': 'xapi:type', '@type': '@id' },
    name: { '@id': 'xapi:name', '@container': '@language' },
    description: { '@id': 'xapi:description', '@container': '@language' },
    moreInfo: { '@id': 'xapi:moreInfo', '@type': '@id' },
    extensions: { '@id': 'xapi:extensions', '@container': '@set' },
    interactionType: { '@id': 'xapi:interactionType' },
    correctResponsesPattern: { '@id': 'xapi:correctResponsesPattern', '@container': '@set' },
  };
  for (const list of componentLists) ctx[list] = { '@id': `xapi:${list}`, '@container': '@list' };
  // Inside an activity definition `id` names an interaction component, not the node.
  ctx.id = { '@id': 'xapi:interactionId' };
  return ctx;
}

export const activityContext = { '@context': build() } as const;
