import type { StatementTemplate } from '../../../xapi/index';
import type { TemplateView } from '../../../common/templates';

type Template = TemplateView['template'];

/** The template as the statement checks read it, from what its page has already loaded. */
export function xapiTemplateOf(template: Template): StatementTemplate {
  const model: StatementTemplate = { id: template.iri, type: 'StatementTemplate' };
  for (const { property, concepts } of template.determiningProperties) {
    const iris = concepts.map((c) => c.iri);
    // verb and objectActivityType hold one IRI in the profile document; the others a list.
    if (property === 'verb' || property === 'objectActivityType') model[property] = iris[0];
    else model[property] = iris;
  }
  if (template.objectStatementRefTemplate.length > 0) {
    model.objectStatementRefTemplate = template.objectStatementRefTemplate.map((t) => t.iri);
  }
  if (template.contextStatementRefTemplate.length > 0) {
    model.contextStatementRefTemplate = template.contextStatementRefTemplate.map((t) => t.iri);
  }
  // The rules are kept as the profile gave them; the checks report any they cannot use.
  model.rules = template.rules;
  return model;
}
