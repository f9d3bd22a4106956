package org.olfsfastpath.web;

import java.io.IOException;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.dap.DirectoryListing;
import org.olfsfastpath.meta.SchemaOrgWriter;
import org.olfsfastpath.pages.CatalogPage;
import org.olfsfastpath.pages.PageHeaders;
import org.olfsfastpath.pages.Site;
import org.olfsfastpath.pages.ThreddsCatalog;

/**
 * Answers the views of a catalog directory from the data-source cache alone: the HTML listing
 * ({@code <dir>/}, {@code contents.html}, {@code catalog.html}), the same as JSON ({@code
 * contents.json}) and the THREDDS catalog ({@code catalog.xml}). A warm listing costs no BES
 * message (the BES's administrator, the listings' publisher, is asked once per BES group).
 */
record CatalogResponder(DapBackend backend, Pages pages, ServerInfos servers, DapHeaders headers) {

  void send(Exchange ex, DapRequest.Directory directory)
      throws IOException, Refusal, ClientGoneException {
    DataSource source =
        (Conditional.isConditional(ex)
            ? backend.lookupChecked(directory.path(), ex.caller())
            : backend.lookup(directory.path(), ex.caller()));
    if (!source.isDirectory()) {
      throw new Refusal(404, "'" + source.path() + "' is a file, not a directory");
    }
    headers.lastModified(ex, source.lastModified());
    if (Conditional.notModified(ex, source.lastModified())) {
      return;
    }
    ex.stats.listings.increment();
    byte[] body;
    switch (directory.view()) {
      case HTML -> {
        body = ex.head ? new byte[0] : listing(source, pages.site(ex));
        ex.resp.setContentType(PageHeaders.HTML_TYPE);
        ex.header("Content-Security-Policy", PageHeaders.CONTENT_SECURITY_POLICY);
        ex.header("Content-Description", DirectoryListing.CONTENT_DESCRIPTION);
      }
      case JSON -> {
        body = DirectoryListing.json(source);
        ex.resp.setContentType(DirectoryListing.JSON_TYPE);
        ex.header("Content-Description", DirectoryListing.CONTENT_DESCRIPTION);
      }
      case THREDDS -> {
        body = ex.head ? new byte[0] : ThreddsCatalog.render(source, pages.site(ex));
        ex.resp.setContentType(PageHeaders.THREDDS_TYPE);
        ex.header("Content-Description", "thredds_catalog");
      }
      default -> throw new IllegalStateException("unknown view " + directory.view());
    }
    if (ex.head && body.length == 0) {
      return; // The length of a page is not worth rendering it for a HEAD.
    }
    BodyCopy.write(ex, body);
  }

  /** The HTML listing, with the schema.org DataCatalog of its datasets (package {@code meta}). */
  private byte[] listing(DataSource directory, Site site) {
    return CatalogPage.render(
        directory, site, SchemaOrgWriter.catalog(directory, site, servers.of(directory.path())));
  }
}
