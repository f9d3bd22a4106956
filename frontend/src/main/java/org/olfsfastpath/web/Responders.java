package org.olfsfastpath.web;

import jakarta.servlet.ServletContext;
import java.time.Clock;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spool.Spool;

/**
 * The responders of one {@link DapServlet}, built here and nowhere else, each once, sharing their
 * helpers: one {@link Pages}, one {@link CachedAnswers} for the gets, the forms, the discovery
 * records and their coordinate values ({@link FormCoordinates}), one {@link ServerInfos} for the
 * BES administrators the records and listings name, one {@link ModuleProbes} for the HEADs, one
 * {@link BodyCopy} per compression setting. The servlet receives them whole and builds nothing.
 *
 * @param nodes answers a path that names a catalog node (dataset responses, bare URLs, files)
 * @param catalogs answers the views of a directory
 * @param siteMaps answers robots.txt and the site map, built once and kept
 * @param headers the DAP headers every answer carries
 * @param versions the version document
 * @param clients tells who each request comes from ({@code FastPath/TrustedProxies})
 * @param policy what every answer says beside its body: Cache-Control, Vary, the request's id
 * @param writer sets each answer's headers (on Tomcat, as bytes)
 */
record Responders(
    NodeResponder nodes,
    CatalogResponder catalogs,
    SiteMapResponder siteMaps,
    DapHeaders headers,
    VersionService versions,
    ClientAddresses clients,
    AnswerPolicy policy,
    HeaderWriter writer) {

  /**
   * Builds every responder for one servlet, its answers saying what {@code policy} says.
   *
   * @param serverVersion this front end's version, in the headers and documents
   * @param context the container, for its table of file types; null outside one
   * @param clock the time a netCDF file's history names and how long a module probe is kept
   * @param spool where the answers of clients that fall behind wait
   * @param policy Cache-Control, Vary and the request id of every answer; {@link
   *     AnswerPolicy#defaults()} outside olfs.xml
   */
  static Responders create(
      FrontEndSettings settings,
      DapBackend backend,
      String serverVersion,
      VersionService versions,
      @Nullable ServletContext context,
      Clock clock,
      Spool spool,
      AnswerPolicy policy) {
    Pages pages = new Pages(settings);
    DapHeaders headers = new DapHeaders(serverVersion);
    CachedAnswers answers = new CachedAnswers(backend);
    DatasetDescriptions descriptions = new DatasetDescriptions(backend, answers);
    FormCoordinates coordinates = new FormCoordinates(backend, answers);
    ServerInfos servers = new ServerInfos(backend);
    BodyCopy copy = new BodyCopy(settings.gzip(), spool);
    FileResponder files = new FileResponder(backend, new BodyCopy(false, spool), context);
    GetResponder gets =
        new GetResponder(
            headers,
            backend,
            answers,
            new CachePolicy(backend.responses()),
            new ModuleProbes(backend, clock),
            copy,
            settings,
            serverVersion,
            clock);
    DatasetResponder datasets =
        new DatasetResponder(
            headers,
            gets,
            new FormResponder(descriptions, coordinates, servers, pages),
            new RecordResponder(
                backend, descriptions, coordinates, servers, pages, copy, settings.gzip()),
            files,
            versions,
            settings,
            serverVersion);
    return new Responders(
        new NodeResponder(backend, datasets, files, pages, settings, headers),
        new CatalogResponder(backend, pages, servers, headers),
        new SiteMapResponder(backend, pages, settings),
        headers,
        versions,
        ClientAddresses.of(settings),
        policy,
        new HeaderWriter(true));
  }
}
