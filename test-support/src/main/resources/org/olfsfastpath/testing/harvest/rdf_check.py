"""Parses DCAT records with rdflib and asks each, in SPARQL, for what a DCAT catalogue lists.

Usage: rdf_check.py FILE...   (RDF/XML for .rdf, Turtle for .ttl)
Prints per file "triples<TAB>FILE<TAB>N", then per dataset found
"row<TAB>FILE<TAB>TITLE<TAB>START<TAB>END<TAB>BBOX" (empty fields for what is absent).
Year-0 dates are compared as text: rdflib keeps the literal but cannot make a Python date of it.
"""
import logging
import sys
import warnings

warnings.filterwarnings("ignore")
logging.disable(logging.CRITICAL)

import rdflib  # noqa: E402

QUERY = """
PREFIX dcat: <http://www.w3.org/ns/dcat#>
PREFIX dct:  <http://purl.org/dc/terms/>
SELECT ?ds ?title ?start ?end ?bbox WHERE {
  ?ds a dcat:Dataset ; dct:title ?title .
  OPTIONAL { ?ds dct:temporal ?t . OPTIONAL { ?t dcat:startDate ?start } OPTIONAL { ?t dcat:endDate ?end } }
  OPTIONAL { ?ds dct:spatial ?s . ?s dcat:bbox ?bbox }
}
"""


def text(value):
    return "" if value is None else str(value).replace("\t", " ").replace("\n", " ")


for path in sys.argv[1:]:
    graph = rdflib.Graph()
    graph.parse(path, format="turtle" if path.endswith(".ttl") else "xml")
    print("triples\t%s\t%d" % (path, len(graph)))
    for row in graph.query(QUERY):
        print("row\t%s\t%s" % (path, "\t".join(text(v) for v in (row.title, row.start, row.end, row.bbox))))
