/**
 * The example queries of the xAPI Profiles communication specification (Part Three §1.3), written
 * as valid SPARQL 1.1: the specification's text separates the selected variables with commas
 * and joins two type tests with `||`, which SPARQL does not allow; here they are a plain list and
 * a UNION. The API documentation shows them, and the tests run them against the corpus.
 */
export const SPARQL_PREFIXES = `PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX xapi: <https://w3id.org/xapi/ontology#>
PREFIX profile: <https://w3id.org/xapi/profiles/ontology#>
PREFIX dcterms: <http://purl.org/dc/terms/>
PREFIX schemaorg: <http://schema.org/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>`;

/** The profile IRI the examples ask about, as in the specification. */
export const EXAMPLE_PROFILE_IRI = 'http://example.org/profiles/sports';

export interface SparqlExample {
  id: 'profiles' | 'concepts' | 'templates' | 'patterns';
  question: string;
  query: string;
}

/** The four examples, about the profile `profileIri` where they need one. */
export function sparqlExamples(profileIri = EXAMPLE_PROFILE_IRI): SparqlExample[] {
  const scheme = `<${profileIri}>`;
  return [
    {
      id: 'profiles',
      question: 'What profiles are on the server?',
      query: `${SPARQL_PREFIXES}

SELECT ?profile ?prefLabel ?definition
WHERE {
  ?profile a profile:Profile ;
           skos:prefLabel ?prefLabel ;
           skos:definition ?definition .
}`,
    },
    {
      id: 'concepts',
      question: 'What verbs and activity types does this profile describe?',
      query: `${SPARQL_PREFIXES}

SELECT ?concept ?prefLabel ?definition
WHERE {
  { ?concept a xapi:Verb } UNION { ?concept a xapi:ActivityType }
  ?concept skos:inScheme ${scheme} ;
           skos:prefLabel ?prefLabel ;
           skos:definition ?definition .
}`,
    },
    {
      id: 'templates',
      question: 'What statement templates are available in this profile?',
      query: `${SPARQL_PREFIXES}

SELECT ?template ?prefLabel ?definition
WHERE {
  ?template a profile:StatementTemplate ;
            skos:inScheme ${scheme} ;
            skos:prefLabel ?prefLabel ;
            skos:definition ?definition .
}`,
    },
    {
      id: 'patterns',
      question: 'What patterns are available in this profile?',
      // Only primary patterns must have a label and a definition: the others are kept too.
      query: `${SPARQL_PREFIXES}

SELECT ?pattern ?prefLabel ?definition
WHERE {
  ?pattern a profile:Pattern ;
           skos:inScheme ${scheme} .
  OPTIONAL { ?pattern skos:prefLabel ?prefLabel }
  OPTIONAL { ?pattern skos:definition ?definition }
}`,
    },
  ];
}
