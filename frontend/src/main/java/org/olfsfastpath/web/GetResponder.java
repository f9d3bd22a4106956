package org.olfsfastpath.web;

import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.OptionalLong;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.CachedResponse;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.LoadedResponse;
import org.olfsfastpath.cache.StreamedResponse;
import org.olfsfastpath.dap.ConstraintBound;
import org.olfsfastpath.dap.ConstraintTranslation;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.dap.DapRequestRejectedException;
import org.olfsfastpath.dap.DownloadName;
import org.olfsfastpath.dap.HistoryEntries;
import org.olfsfastpath.dap.PercentEncoding;
import org.olfsfastpath.dap.ResponseType;

/**
 * Answers a response whose body is one BES get: builds the get (its constraint, xml:base and the
 * history of a netCDF file), then answers from the response cache when its policy keeps the type (a
 * hit costs no BES message, a miss one get shared by every request that wants the same answer at
 * once), and otherwise streams the BES's body through. A HEAD is answered from the catalog alone,
 * once the {@link ModuleProbes} say the BES can make the response (when it cannot, the HEAD is the
 * GET's 501).
 */
final class GetResponder {
  private final DapBackend backend;
  private final CachedAnswers answers;
  private final CachePolicy policy;
  private final ModuleProbes probes;
  private final BodyCopy copy;
  private final FrontEndSettings settings;
  private final String serverVersion;
  private final Clock clock;
  private final DapHeaders headers;

  GetResponder(
      DapHeaders headers,
      DapBackend backend,
      CachedAnswers answers,
      CachePolicy policy,
      ModuleProbes probes,
      BodyCopy copy,
      FrontEndSettings settings,
      String serverVersion,
      Clock clock) {
    this.headers = headers;
    this.backend = backend;
    this.answers = answers;
    this.policy = policy;
    this.probes = probes;
    this.copy = copy;
    this.settings = settings;
    this.serverVersion = serverVersion;
    this.clock = clock;
  }

  void send(Exchange ex, DapRequest.Dataset dataset, DataSource source)
      throws IOException, ClientGoneException, DapRequestRejectedException {
    ResponseType type = dataset.type();
    GetRequest get = getRequest(ex, dataset);
    if (ex.head) {
      probes.check(get); // A module the BES lacks is the GET's 501, not a 200.
    }
    ex.resp.setStatus(200);
    ex.resp.setContentType(type.contentType());
    long maxBytes = policy.maxBytes(type);
    if (maxBytes >= 0) {
      CachedResponse hit = answers.lookup(get, source);
      if (hit != null || !ex.head) {
        LoadedResponse answer =
            hit != null
                ? hit
                : answers.load(
                    get,
                    source,
                    maxBytes,
                    type.isTextual() && settings.gzip(),
                    caller(ex, dataset, get, maxBytes));
        if (answer instanceof CachedResponse cached) {
          int form = copy.cachedForm(ex, cached, type.isTextual());
          if (form != BodyCopy.NOT_MODIFIED) {
            wholeAnswer(ex, dataset);
            copy.writeCached(ex, cached, form == BodyCopy.GZIP);
          }
          return;
        }
        wholeAnswer(ex, dataset);
        StreamedResponse streamed = (StreamedResponse) answer;
        copy.stream(ex, streamed.body(), streamed, copy.negotiateGzip(ex, type.isTextual()));
        return;
      }
    }
    wholeAnswer(ex, dataset);
    boolean compress = copy.negotiateGzip(ex, type.isTextual());
    if (ex.head) {
      return; // From the catalog alone: no BES message.
    }
    BesResponse bes = backend.get(get, caller(ex, dataset, get, -1));
    // Closed by the copy: the connection goes back as soon as the BES has sent the whole answer.
    copy.stream(ex, bes, compress);
  }

  /**
   * What an answer with its body carries and a 304 does not (RFC 9110 15.4.5: no representation
   * metadata; upstream's 304, which its container answers before the OLFS runs, has none either):
   * the DAP headers, Content-Description and Content-Disposition.
   */
  private void wholeAnswer(Exchange ex, DapRequest.Dataset dataset) {
    ResponseType type = dataset.type();
    headers.set(ex, type.dapVersion());
    if (!type.contentDescription().isEmpty()) {
      ex.header("Content-Description", type.contentDescription());
    }
    if (type.downloadSuffix() != null) {
      ex.header(
          "Content-Disposition",
          DownloadName.contentDisposition(
              DownloadName.of(dataset.path(), type, settings.addFileoutTypeSuffix())));
    }
  }

  /**
   * Who asks, and whether the answer may hold its BES connection long: a metadata answer is short;
   * a data answer is short when an earlier answer of the same get kept in the response cache says
   * it fits the cache's cap ({@code maxBytes}, at least 0 when the cache reads this type whole at
   * BES speed), or, asked for the first time, when its constraint bounds it small ({@link
   * #boundedSmall}); any other may be long (as long as its BES answer, or as its client when the
   * spool has no room left), so it leaves the pools' reserve to short requests.
   */
  private Caller caller(Exchange ex, DapRequest.Dataset dataset, GetRequest get, long maxBytes) {
    ResponseType type = dataset.type();
    if (type.isMetadata()) {
      return ex.caller();
    }
    int known = maxBytes < 0 ? -1 : answers.knownLength(get);
    boolean isShort = known >= 0 ? known <= maxBytes : boundedSmall(dataset);
    return isShort ? ex.caller() : ex.caller().withLongHold(true);
  }

  /**
   * Whether the constraint alone bounds the answer's values to the short size ({@link
   * CachePolicy#shortDataBytes()}): 8 bytes a value in a binary answer, 24 in a text one; a netCDF
   * or image answer, whose headers and encoding the constraint does not bound, never is.
   */
  private boolean boundedSmall(DapRequest.Dataset dataset) {
    ResponseType type = dataset.type();
    int perValue =
        type == ResponseType.DODS || type == ResponseType.DAP ? 8 : type.isTextual() ? 24 : 0;
    if (perValue == 0 || !dataset.dap4Function().isEmpty()) {
      return false;
    }
    String constraint;
    try {
      constraint =
          type.isDap4() ? ConstraintTranslation.toDap2(dataset.constraint()) : dataset.constraint();
    } catch (DapRequestRejectedException e) {
      return false; // The BES will say what is wrong; meanwhile, not known to be short.
    }
    OptionalLong values = ConstraintBound.values(constraint);
    return values.isPresent() && values.getAsLong() <= policy.shortDataBytes() / perValue;
  }

  /** The BES get for a response: its constraint, xml:base and the history of a netCDF file. */
  GetRequest getRequest(Exchange ex, DapRequest.Dataset dataset)
      throws DapRequestRejectedException {
    ResponseType type = dataset.type();
    if (type == ResponseType.DAP_XML && !dataset.dap4Function().isEmpty()) {
      throw new DapRequestRejectedException(
          400,
          "the BES's xml_data response does not run"
              + " server functions (dap4.function); ask for .dap or .dap.csv");
    }
    String constraint =
        type == ResponseType.DAP_XML
            ? ConstraintTranslation.toDap2(dataset.constraint())
            : dataset.constraint();
    String xmlBase = type.besType().usesXmlBase() ? DatasetResponder.datasetUrl(ex, dataset) : "";
    List<GetRequest.Context> contexts =
        type.writesHistory()
            ? HistoryEntries.of(
                clock.instant(),
                "olfs-fastpath",
                serverVersion,
                ex.requestUrl(),
                historyQuery(ex, dataset),
                dataset.constraint())
            : List.of();
    return GetRequest.builder(dataset.path(), type.besType())
        .constraint(constraint)
        .xmlBase(xmlBase)
        .dap4Checksums(dataset.dap4Checksums())
        .contexts(contexts)
        .dap4Function(type == ResponseType.DAP_XML ? "" : dataset.dap4Function())
        .build();
  }

  /**
   * The query a netCDF file's history names: a GET's as the client wrote it; for a POST, whose
   * constraint came (partly) in its body, the query a GET would send for the same file, as
   * upstream's history names the body's constraint too.
   */
  private static String historyQuery(Exchange ex, DapRequest.Dataset dataset) {
    String constraint = dataset.constraint();
    if (!ex.post) {
      return ex.query();
    }
    String query =
        constraint.isEmpty()
            ? ""
            : dataset.type().isDap4()
                ? "dap4.ce=" + PercentEncoding.query(constraint)
                : PercentEncoding.query(constraint);
    if (!dataset.dap4Function().isEmpty()) {
      query +=
          (query.isEmpty() ? "" : "&")
              + "dap4.function="
              + PercentEncoding.query(dataset.dap4Function());
    }
    return query;
  }
}
