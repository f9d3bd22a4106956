"""Harvests ISO 19115-2 records into a pycsw catalogue and queries it back, as a CSW client would.

Usage: pycsw_check.py RECORDS_DIR QUERY...
  RECORDS_DIR  a directory of .xml records, loaded into a new SQLite catalogue (one per run)
  QUERY        word:TEXT   csw:AnyText PropertyIsLike %TEXT%
               title:TEXT  dc:title PropertyIsLike %TEXT%
               bbox:W,S,E,N  BBOX on ows:BoundingBox (EPSG:4326, so the corners are lat lon)
Prints one line "loaded<TAB>N" then, per query, "query<TAB>QUERY<TAB>MATCHED<TAB>TITLES" with the
titles joined by " | ". No web server: pycsw's own WSGI dispatch, in process.
"""
import io
import os
import sys
import tempfile
import warnings

warnings.filterwarnings("ignore")

from lxml import etree  # noqa: E402
from pycsw import server  # noqa: E402
from pycsw.core import admin, config  # noqa: E402

CSW = "http://www.opengis.net/cat/csw/2.0.2"
DC = "http://purl.org/dc/elements/1.1/"


def main(records, queries):
    home = tempfile.mkdtemp(prefix="pycsw-")
    db = "sqlite:///" + os.path.join(home, "records.db")
    admin.setup_db(db, "records", home)
    loaded = admin.load_records(config.StaticContext(), db, "records", records)
    print("loaded\t%d" % len(loaded or ()))
    cfg = {
        "server": {"home": home, "url": "http://127.0.0.1/csw",
                   "mimetype": "application/xml; charset=UTF-8", "encoding": "UTF-8",
                   "language": "en-US", "maxrecords": "50", "pretty_print": "true"},
        "manager": {"transactions": "false", "allowed_ips": "127.0.0.1"},
        "metadata:main": dict(
            {k: "x" for k in (
                "identification_title", "identification_abstract", "identification_keywords",
                "identification_fees", "identification_accessconstraints", "provider_name",
                "contact_name", "contact_position", "contact_address", "contact_city",
                "contact_stateorprovince", "contact_postalcode", "contact_country",
                "contact_phone", "contact_fax", "contact_hours", "contact_instructions")},
            identification_keywords_type="theme", provider_url="http://127.0.0.1/",
            contact_url="http://127.0.0.1/", contact_email="c@example.org",
            contact_role="pointOfContact"),
        "repository": {"database": db, "table": "records"},
    }
    for query in queries:
        kind, _, value = query.partition(":")
        matched, titles = get_records(cfg, constraint(kind, value))
        print("query\t%s\t%d\t%s" % (query, matched, " | ".join(titles)))


def constraint(kind, value):
    if kind in ("word", "title"):
        prop = "csw:AnyText" if kind == "word" else "dc:title"
        return ('<ogc:PropertyIsLike wildCard="%%" singleChar="_" escapeChar="\\">'
                "<ogc:PropertyName>%s</ogc:PropertyName><ogc:Literal>%%%s%%</ogc:Literal>"
                "</ogc:PropertyIsLike>" % (prop, value))
    if kind == "bbox":
        w, s, e, n = value.split(",")
        return ('<ogc:BBOX><ogc:PropertyName>ows:BoundingBox</ogc:PropertyName>'
                '<gml:Envelope srsName="urn:ogc:def:crs:EPSG::4326">'
                "<gml:lowerCorner>%s %s</gml:lowerCorner><gml:upperCorner>%s %s</gml:upperCorner>"
                "</gml:Envelope></ogc:BBOX>" % (s, w, n, e))
    raise SystemExit("unknown query " + kind)


def get_records(cfg, filter_xml):
    body = ('<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2"'
            ' xmlns:ogc="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml"'
            ' service="CSW" version="2.0.2" resultType="results"'
            ' outputSchema="http://www.opengis.net/cat/csw/2.0.2"><csw:Query typeNames="csw:Record">'
            "<csw:ElementSetName>summary</csw:ElementSetName><csw:Constraint version=\"1.1.0\">"
            "<ogc:Filter>%s</ogc:Filter></csw:Constraint></csw:Query></csw:GetRecords>"
            % filter_xml).encode()
    env = {"REQUEST_METHOD": "POST", "CONTENT_LENGTH": str(len(body)),
           "wsgi.input": io.BytesIO(body), "QUERY_STRING": "", "PATH_INFO": "/csw",
           "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80", "wsgi.url_scheme": "http",
           "HTTP_HOST": "127.0.0.1"}
    status, content = server.Csw(cfg, env, version="2.0.2").dispatch_wsgi()
    doc = etree.fromstring(content)
    results = doc.find(".//{%s}SearchResults" % CSW)
    if results is None:
        raise SystemExit("no SearchResults: " + content.decode("utf-8", "replace")[:2000])
    titles = [t.text or "" for t in doc.iterfind(".//{%s}title" % DC)]
    return int(results.get("numberOfRecordsMatched")), titles


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
