package org.olfsfastpath.meta;

import java.util.ArrayList;
import java.util.List;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.meta.DiscoveryRecord.Link;
import org.olfsfastpath.pages.DownloadFormat;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.pages.Site;

/**
 * A dataset's responses as catalogs list them: its OPeNDAP endpoint, both request forms, the
 * metadata documents, every download format of both forms, and its source file when the site allows
 * it. Protocol names are the ones catalogs (GeoNetwork, pycsw, data.gov) recognise.
 */
final class Links {
  static final String OPENDAP = "OPeNDAP:OPeNDAP";
  static final String DOWNLOAD = "WWW:DOWNLOAD-1.0-http--download";
  static final String PAGE = "WWW:LINK-1.0-http--link";

  private Links() {}

  static List<Link> of(Site site, DataSource dataset) {
    String url = site.url(dataset.path());
    List<Link> links = new ArrayList<>();
    links.add(
        new Link(
            url,
            "OPeNDAP",
            "The dataset's OPeNDAP (DAP2 and DAP4) address: DAP clients open it as it is",
            "",
            OPENDAP,
            true));
    for (FormType form : List.of(FormType.DAP4, FormType.DAP2)) {
      links.add(
          new Link(
              url + form.suffix(),
              form.label() + " data request form",
              "A page to choose variables and ranges, then download them",
              "text/html",
              PAGE,
              false));
    }
    links.add(
        new Link(
            url + ".dmr.xml",
            "DMR",
            "DAP4 metadata: the Dataset Metadata Response",
            "application/vnd.opendap.dap4.dataset-metadata+xml",
            PAGE,
            false));
    links.add(new Link(url + ".das", "DAS", "DAP2 attributes", "text/plain", PAGE, false));
    links.add(new Link(url + ".dds", "DDS", "DAP2 structure", "text/plain", PAGE, false));
    for (DownloadFormat format : DownloadFormat.values()) {
      links.add(
          new Link(
              url + format.suffix(),
              format.label() + " (" + format.suffix() + ")",
              "The whole dataset as " + format.label() + "; add a constraint for a part of it",
              format.mediaType(),
              DOWNLOAD,
              true));
    }
    if (site.fileAccess()) {
      links.add(
          new Link(
              url + ".file",
              "Source file",
              "The dataset's file as it is stored",
              "",
              DOWNLOAD,
              true));
    }
    return links;
  }
}
