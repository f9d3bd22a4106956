package org.olfsfastpath.web;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.CachedResponse;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.LoadedResponse;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.cache.ResponseKey;
import org.olfsfastpath.cache.StreamedResponse;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.dap.ResponseType;
import org.olfsfastpath.meta.DcatWriter;
import org.olfsfastpath.meta.DiscoveryRecord;
import org.olfsfastpath.meta.DiscoveryRecords;
import org.olfsfastpath.meta.IsoWriter;
import org.olfsfastpath.meta.RubricWriter;
import org.olfsfastpath.meta.ServerInfo;
import org.olfsfastpath.pages.Coordinates;
import org.olfsfastpath.pages.DatasetForm;
import org.olfsfastpath.pages.DatasetModel;
import org.olfsfastpath.pages.DatasetParser;
import org.olfsfastpath.pages.PageHeaders;
import org.olfsfastpath.pages.Site;

/**
 * Answers the discovery records, {@code .iso}, {@code .rdf} (and its Turtle, {@code .ttl}), {@code
 * .rubric} and their {@code .dmr.} forms: the record (package {@code meta}) built from the DDX or
 * DMR and the coordinate values, both as the request forms read them, and the BES's administrator.
 * The written answer is kept in the response cache like {@code .das}'s, valid while the dataset's
 * catalog entry is, so a warm record costs what a warm {@code .das} costs: no BES message, its
 * bytes from memory with their ETag (and 304), gzip beside them. A HEAD is answered from the
 * catalog alone when the record is not kept yet.
 *
 * <p>The key names everything the bytes depend on besides the dataset: the response, the site (the
 * URL clients reach it by, the request form it links, whether files may be downloaded) and whether
 * the BES named a publisher. A record whose coordinates could not be read for a passing reason (the
 * BES refused or was slow) is sent but not kept, so the next request tries again.
 */
final class RecordResponder {
  private final DapBackend backend;
  private final DatasetDescriptions descriptions;
  private final FormCoordinates coordinates;
  private final ServerInfos servers;
  private final Pages pages;
  private final BodyCopy copy;
  private final boolean gzip;

  /**
   * @param gzip whether to keep a gzip form beside each record (olfs.xml's gzip setting)
   */
  RecordResponder(
      DapBackend backend,
      DatasetDescriptions descriptions,
      FormCoordinates coordinates,
      ServerInfos servers,
      Pages pages,
      BodyCopy copy,
      boolean gzip) {
    this.backend = backend;
    this.descriptions = descriptions;
    this.coordinates = coordinates;
    this.servers = servers;
    this.pages = pages;
    this.copy = copy;
    this.gzip = gzip;
  }

  void send(Exchange ex, DapRequest.Dataset dataset, DataSource source)
      throws IOException, ClientGoneException {
    ResponseType type = dataset.type();
    ex.resp.setContentType(type.contentType());
    ex.header("Content-Description", type.contentDescription());
    if (isRubric(type)) {
      ex.header("Content-Security-Policy", PageHeaders.CONTENT_SECURITY_POLICY);
    }
    ServerInfo server = servers.of(dataset.path());
    ResponseCache responses = backend.responses();
    if (!responses.isEnabled()) {
      if (!ex.head) {
        BodyCopy.write(ex, render(ex, dataset, source, server).bytes());
      }
      return;
    }
    ResponseKey key = key(ex, dataset, server);
    CachedResponse hit = responses.lookup(key, source);
    if (hit == null && ex.head) {
      return; // From the catalog alone: no BES message, as a HEAD of .das.
    }
    LoadedResponse answer;
    if (hit != null) {
      answer = hit;
    } else {
      Rendered rendered = render(ex, dataset, source, server);
      if (!rendered.keep()) {
        BodyCopy.write(ex, rendered.bytes());
        return;
      }
      answer =
          responses.load(
              key,
              source,
              responses.maxEntryBytes(),
              gzip,
              () -> new ByteArrayInputStream(rendered.bytes()));
    }
    if (answer instanceof CachedResponse cached) {
      copy.sendCached(ex, cached, true);
      return;
    }
    StreamedResponse streamed = (StreamedResponse) answer; // Larger than the cache keeps.
    copy.stream(ex, streamed.body(), streamed, copy.negotiateGzip(ex, true));
  }

  /**
   * Everything the bytes depend on besides the dataset's path and catalog entry: made of strings at
   * hand, since it is made for every request, the warm ones too.
   */
  private ResponseKey key(Exchange ex, DapRequest.Dataset dataset, ServerInfo server) {
    String path = dataset.path();
    return new ResponseKey(
        backend.groupOf(path),
        path,
        dataset.type().name(),
        "",
        List.of(
            ex.serviceUrl(),
            pages.settingsTag(),
            server.isPresent() ? "publisher named" : "no publisher"));
  }

  /** A record's bytes, and whether they may be kept. */
  private record Rendered(byte[] bytes, boolean keep) {}

  private Rendered render(
      Exchange ex, DapRequest.Dataset dataset, DataSource source, ServerInfo server)
      throws IOException {
    ResponseType type = dataset.type();
    Site site = pages.site(ex);
    String datasetUrl = DatasetResponder.datasetUrl(ex, dataset);
    Caller caller = ex.caller();
    byte[] description =
        descriptions.read(
            new GetRequest(dataset.path(), type.besType(), "", datasetUrl), source, caller);
    DatasetModel model =
        type.besType().isDap4() ? DatasetParser.dmr(description) : DatasetParser.ddx(description);
    DatasetForm form = DatasetForm.of(model, description);
    Coordinates values = coordinates.fetch(form, dataset.path(), source, datasetUrl, caller);
    // Values missing for a lasting reason (none asked, or more than the cache keeps) are kept so.
    boolean lasting =
        values.note().isEmpty()
            || form.coordinateAnswerBytes() > backend.responses().maxEntryBytes();
    DiscoveryRecord record = DiscoveryRecords.of(model, values, server, site, source);
    byte[] bytes =
        switch (type) {
          case ISO, DMR_ISO -> IsoWriter.write(record);
          case RDF, DMR_RDF -> DcatWriter.write(record, false);
          case TTL, DMR_TTL -> DcatWriter.write(record, true);
          case RUBRIC, DMR_RUBRIC -> RubricWriter.write(record, site);
          default -> throw new IllegalStateException(type + " is not a metadata record");
        };
    ex.stats.pages.increment();
    return new Rendered(bytes, lasting);
  }

  private static boolean isRubric(ResponseType type) {
    return type == ResponseType.RUBRIC || type == ResponseType.DMR_RUBRIC;
  }
}
