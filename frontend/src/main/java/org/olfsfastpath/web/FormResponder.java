package org.olfsfastpath.web;

import java.io.IOException;
import java.util.Optional;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.dap.ResponseType;
import org.olfsfastpath.meta.DiscoveryRecords;
import org.olfsfastpath.meta.SchemaOrgWriter;
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
 * never a constraint for the BES), with the dataset's coordinate values ({@link FormCoordinates})
 * and, in its head, the schema.org JSON-LD of the dataset's discovery record (package {@code
 * meta}). A submitted form whose button was pressed is answered with a 303 to the data URL it
 * built, so the form works without JavaScript; when that answer is larger than olfs.xml's {@code
 * RequestForm@largeDownload}, the form first asks whether to download it.
 */
final class FormResponder {
  private final DatasetDescriptions descriptions;
  private final Pages pages;
  private final FormCoordinates coordinates;
  private final ServerInfos servers;

  FormResponder(
      DatasetDescriptions descriptions,
      FormCoordinates coordinates,
      ServerInfos servers,
      Pages pages) {
    this.descriptions = descriptions;
    this.coordinates = coordinates;
    this.servers = servers;
    this.pages = pages;
  }

  void send(Exchange ex, DapRequest.Dataset dataset, DataSource source, String xmlBase)
      throws IOException, ClientGoneException {
    ResponseType type = dataset.type();
    ex.resp.setContentType(PageHeaders.HTML_TYPE);
    ex.header("Content-Description", type.contentDescription());
    ex.header("Content-Security-Policy", PageHeaders.CONTENT_SECURITY_POLICY);
    if (ex.head) {
      return;
    }
    // Without a constraint: one answer per dataset, kept in the response cache beside .dmr's.
    byte[] description =
        descriptions.read(
            new GetRequest(dataset.path(), type.besType(), "", xmlBase), source, ex.caller());
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
      ex.header("Location", location.get());
      ex.resp.setContentLength(0);
      return;
    }
    String jsonLd =
        SchemaOrgWriter.dataset(
            DiscoveryRecords.of(
                model, form.coordinates(), servers.of(dataset.path()), site, source));
    ex.stats.pages.increment();
    BodyCopy.write(ex, DataRequestForm.render(form, source, site, selection, jsonLd));
  }
}
