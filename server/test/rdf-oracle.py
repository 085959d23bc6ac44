"""An independent check of the RDF the server serves, with rdflib (Debian's python3-rdflib).

Reads a job (JSON) naming files in the job's folder and answers, as JSON on stdout, whether the
graphs each check names are isomorphic (rdflib.compare.isomorphic). Nothing is fetched: every
JSON-LD context a document names must be among the job's `contexts`, whose documents are put in
place of the IRI before rdflib reads the document.

Job:
  {"contexts": {IRI: context document},
   "same": [{"name": ..., "files": [file, ...]}],        each check: all files one graph
   "merge": {"documents": [file, ...], "served": file,   the served graph against rdflib's merge
             "rules": {"inverses": [[p, q]], "superProperties": [[p, q]], "membership": [p],
                       "inScheme": IRI}}}
A file is read by its extension: .jsonld, .ttl, .nt.
"""

import json
import os
import sys

from rdflib import BNode, Graph, URIRef
from rdflib.compare import graph_diff, isomorphic, to_isomorphic


def inline_contexts(node, contexts):
    """Puts each named context's document in place of its IRI, at any depth."""
    if isinstance(node, list):
        return [inline_contexts(item, contexts) for item in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key == "@context":
            out[key] = resolve_context(value, contexts)
        else:
            out[key] = inline_contexts(value, contexts)
    return out


def resolve_context(value, contexts):
    if isinstance(value, list):
        return [resolve_context(item, contexts) for item in value]
    if isinstance(value, str):
        if value not in contexts:
            raise ValueError("context not available offline: " + value)
        document = contexts[value]
        return document.get("@context", document) if isinstance(document, dict) else document
    return value


def read(folder, name, contexts):
    path = os.path.join(folder, name)
    graph = Graph()
    if name.endswith(".jsonld"):
        with open(path, encoding="utf-8") as f:
            document = inline_contexts(json.load(f), contexts)
        graph.parse(data=json.dumps(document), format="json-ld")
    elif name.endswith(".ttl"):
        graph.parse(path, format="turtle")
    elif name.endswith(".nt"):
        graph.parse(path, format="nt")
    else:
        raise ValueError("unknown file kind: " + name)
    return graph


def sample_difference(a, b, limit=5):
    _, only_a, only_b = graph_diff(to_isomorphic(a), to_isomorphic(b))
    show = lambda graph: sorted(" ".join(term.n3() for term in t) for t in graph)[:limit]
    return {"onlyFirst": show(only_a), "onlySecond": show(only_b)}


def with_inferences(graph, rules):
    """The closure of `graph` under the server's rules (each rule reads one statement)."""
    inverse = {}
    for p, q in rules["inverses"]:
        inverse[URIRef(p)] = URIRef(q)
        inverse[URIRef(q)] = URIRef(p)
    parent = {URIRef(p): URIRef(q) for p, q in rules["superProperties"]}
    membership = {URIRef(p) for p in rules["membership"]}
    in_scheme = URIRef(rules["inScheme"])
    resource = lambda term: isinstance(term, (URIRef, BNode))
    result = Graph()
    pending = list(graph)
    while pending:
        s, p, o = triple = pending.pop()
        if triple in result:
            continue
        result.add(triple)
        if p in inverse and resource(o):
            pending.append((o, inverse[p], s))
        if p in parent:
            pending.append((s, parent[p], o))
        if p in membership and resource(o):
            pending.append((o, in_scheme, s))
    return result


def main():
    folder = sys.argv[1]
    with open(os.path.join(folder, "job.json"), encoding="utf-8") as f:
        job = json.load(f)
    contexts = job.get("contexts", {})
    answer = {"same": [], "merge": None}
    for check in job.get("same", []):
        graphs = [read(folder, name, contexts) for name in check["files"]]
        outcome = {"name": check["name"], "sizes": [len(g) for g in graphs], "isomorphic": True}
        for name, graph in zip(check["files"][1:], graphs[1:]):
            if not isomorphic(graphs[0], graph):
                outcome["isomorphic"] = False
                outcome["differs"] = name
                outcome["difference"] = sample_difference(graphs[0], graph)
                break
        answer["same"].append(outcome)
    merge = job.get("merge")
    if merge:
        merged = Graph()
        # The RDF merge: the union, each document's blank nodes given identities of their own.
        for name in merge["documents"]:
            fresh = {}
            own = lambda term: fresh.setdefault(term, BNode()) if isinstance(term, BNode) else term
            for s, p, o in read(folder, name, contexts):
                merged.add((own(s), p, own(o)))
        expected = with_inferences(merged, merge["rules"])
        served = read(folder, merge["served"], contexts)
        answer["merge"] = {
            "sizes": [len(expected), len(served)],
            "isomorphic": isomorphic(expected, served),
        }
        if not answer["merge"]["isomorphic"]:
            answer["merge"]["difference"] = sample_difference(expected, served)
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
