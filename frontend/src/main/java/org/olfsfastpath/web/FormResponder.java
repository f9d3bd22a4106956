package org.olfsfastpath.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import org.olfsfastpath.bes.BesProtocolException;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.CachedResponse;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.dap.ResponseType;
import org.olfsfastpath.pages.DataRequestForm;
import org.olfsfastpath.pages.DatasetForm;
import org.olfsfastpath.pages.DatasetModel;
import org.olfsfastpath.pages.DatasetParser;
import org.olfsfastpath.pages.FormSelection;
import org.olfsfastpath.pages.PageHeaders;
import org.olfsfastpath.pages.Site;

/**
 * Answers the data request forms: {@code .dmr.html} (DAP4) from the BES's DMR, {@code .html} (DAP2)
 * from its DDX, asked without a constraint (the query string of a form page is the form's state,
 * never a constraint for the BES), with the dataset's coordinate values ({@link FormCoordinates}).
 * A submitted form whose button was pressed is answered with a 303 to the data URL it built, so the
 * form works without JavaScript; when that answer is larger than olfs.xml's {@code
 * RequestForm@largeDownload}, the form first asks whether to download it.
 */
final class FormResponder {
  /** A DMR or DDX larger than this is not made into a page. */
  static final int MAX_DESCRIPTION = 16 * 1024 * 1024;

  private final DapBackend backend;
  private final CachedAnswers answers;
  private final Pages pages;
  private final FormCoordinates coordinates;

  FormResponder(
      DapBackend backend, CachedAnswers answers, FormCoordinates coordinates, Pages pages) {
    this.backend = backend;
    this.answers = answers;
    this.coordinates = coordinates;
    this.pages = pages;
  }

  void send(Exchange ex, DapRequest.Dataset dataset, DataSource source, String xmlBase)
      throws IOException, ClientGoneException {
    ResponseType type = dataset.type();
    ex.resp.setContentType(PageHeaders.HTML_TYPE);
    ex.resp.setHeader("Content-Description", type.contentDescription());
    ex.resp.setHeader("Content-Security-Policy", PageHeaders.CONTENT_SECURITY_POLICY);
    if (ex.head) {
      return;
    }
    // Without a constraint: one answer per dataset, kept in the response cache beside .dmr's.
    GetRequest get = new GetRequest(dataset.path(), type.besType(), "", xmlBase);
    ResponseCache responses = backend.responses();
    byte[] description;
    if (responses.isEnabled()) {
      CachedResponse hit = answers.lookup(get, source);
      description =
          CachedAnswers.readAll(
              hit != null
                  ? hit
                  : answers.load(get, source, responses.maxEntryBytes(), true, ex.caller()),
              MAX_DESCRIPTION);
    } else {
      try (BesResponse bes = backend.get(get, ex.caller())) {
        description = readAll(bes.body());
      }
    }
    DatasetModel model =
        type.besType().isDap4() ? DatasetParser.dmr(description) : DatasetParser.ddx(description);
    DatasetForm form = DatasetForm.of(model, description);
    // Short: its size is computed before it is asked for, and bounded by the cache's entry cap.
    form =
        form.withCoordinates(coordinates.fetch(form, dataset.path(), source, xmlBase, ex.caller()));
    FormSelection selection = FormSelection.parse(form, ex.req.getQueryString());
    Site site = pages.site(ex);
    Optional<String> location = selection.location(dataset.path());
    // A large download is asked about first: the form again, with the question.
    if (location.isPresent() && !form.needsConfirmation(selection, site)) {
      ex.stats.redirects.increment();
      ex.resp.setStatus(303);
      ex.resp.setHeader("Location", location.get());
      ex.resp.setContentLength(0);
      return;
    }
    ex.stats.pages.increment();
    BodyCopy.write(ex, DataRequestForm.render(form, source, site, selection));
  }

  private static byte[] readAll(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
    byte[] buffer = new byte[16 * 1024];
    int n;
    while ((n = in.read(buffer)) >= 0) {
      out.write(buffer, 0, n);
      if (out.size() > MAX_DESCRIPTION) {
        throw new BesProtocolException(
            "the dataset's description is larger than "
                + MAX_DESCRIPTION
                + " bytes; no form is made from it");
      }
    }
    return out.toByteArray();
  }
}
