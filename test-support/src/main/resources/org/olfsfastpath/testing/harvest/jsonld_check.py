"""Checks schema.org JSON-LD as Google Dataset Search and a strict JSON-LD processor read it.

Usage: jsonld_check.py FILE...   (a .json file of JSON-LD, or an HTML page with a JSON-LD block)
pyld expands and compacts each document with a document loader that answers schema.org's context
from memory and refuses everything else, so nothing is fetched. Every expanded term must be a
schema.org term rdflib knows. Each Dataset (the document, or those of a DataCatalog) must meet
Google's required properties (name; description of 50 to 5000 characters) and the recommended ones
it has must be well formed (absolute url, DataDownload contentUrl, GeoShape box, ISO 8601 interval,
a catalog with a name).
Prints per file "ok<TAB>FILE<TAB>DATASETS" or "problem<TAB>FILE<TAB>WHAT" lines.
"""
import json
import re
import sys

from pyld import jsonld
from rdflib.namespace import SDO

SCHEMA_CTX = {"@context": {"@vocab": "http://schema.org/"}}
TERMS = set(SDO.__annotations__)


def offline_loader(url, options=None):
    if re.fullmatch(r"https?://schema\.org/?(docs/jsonldcontext\.jsonld)?", url):
        return {"contextUrl": None, "documentUrl": url, "document": SCHEMA_CTX}
    raise jsonld.JsonLdError("refusing " + url, "jsonld.LoadDocumentError",
                             code="loading document failed")


jsonld.set_document_loader(offline_loader)


def extract(text):
    if text.lstrip().startswith("{"):
        return json.loads(text)
    m = re.search(r'<script type="application/ld\+json">(.*?)</script>', text, re.S)
    if not m:
        raise ValueError("no JSON-LD block")
    return json.loads(m.group(1))


def terms(node, problems):
    if isinstance(node, list):
        for item in node:
            terms(item, problems)
    elif isinstance(node, dict):
        for key, value in node.items():
            if not key.startswith("@"):
                m = re.fullmatch(r"https?://schema\.org/(\w+)", key)
                if not m or m.group(1) not in TERMS:
                    problems.append("unknown term " + key)
            elif key == "@type":
                for t in value if isinstance(value, list) else [value]:
                    m = re.fullmatch(r"https?://schema\.org/(\w+)", t)
                    if not m or m.group(1) not in TERMS:
                        problems.append("unknown type " + t)
            terms(value, problems)


def absolute(url):
    return isinstance(url, str) and re.match(r"https?://[^/\s]+", url) is not None


def google(d, problems):
    name = d.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append("Dataset without a name")
    description = d.get("description")
    if not isinstance(description, str) or not 50 <= len(description) <= 5000:
        problems.append("description of %s characters" % (len(description) if description else 0))
    for key in ("url", "sameAs"):
        if key in d and not absolute(d[key]):
            problems.append(key + " is not an absolute URL")
    downloads = d.get("distribution", [])
    for dd in downloads if isinstance(downloads, list) else [downloads]:
        if dd.get("@type") != "DataDownload" or not absolute(dd.get("contentUrl")):
            problems.append("distribution without an absolute contentUrl")
    if "spatialCoverage" in d:
        box = d["spatialCoverage"].get("geo", {}).get("box", "")
        v = [float(x) for x in box.split()]
        if len(v) != 4 or not (-90 <= v[0] <= v[2] <= 90) or any(abs(x) > 180 for x in v[1::2]):
            problems.append("box " + box)
    if "temporalCoverage" in d and not re.fullmatch(
            r"-?\d{4}-\d\d-\d\d(T[\d:.]+(Z|[+-]\d\d:\d\d)?)?/(\.\.|-?\d{4}-\d\d-\d\d(T[\d:.]+(Z|[+-]\d\d:\d\d)?)?)",
            d["temporalCoverage"]):
        problems.append("temporalCoverage " + d["temporalCoverage"])
    catalog = d.get("includedInDataCatalog")
    if catalog is not None and not catalog.get("name"):
        problems.append("includedInDataCatalog without a name")


for path in sys.argv[1:]:
    problems = []
    with open(path, encoding="utf-8") as f:
        doc = extract(f.read())
    expanded = jsonld.expand(doc)
    jsonld.compact(doc, SCHEMA_CTX)
    terms(expanded, problems)
    datasets = [doc] if doc.get("@type") == "Dataset" else doc.get("dataset", [])
    for d in datasets:
        if d.get("@type") == "Dataset" and doc.get("@type") == "Dataset":
            google(d, problems)
        elif not d.get("name"):
            problems.append("a catalog's Dataset without a name")
    if problems:
        for p in sorted(set(problems)):
            print("problem\t%s\t%s" % (path, p))
    else:
        print("ok\t%s\t%d" % (path, len(datasets)))
