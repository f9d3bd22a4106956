package org.olfsfastpath.dap;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.json.Json;

/**
 * The two contexts the BES's fileout_netcdf writes into a netCDF file's global attributes, so that
 * the file's history names the request that made it: {@code cf_history_entry} (a line of the CF
 * {@code history} attribute) and {@code history_json_entry} (an entry of {@code history_json}), as
 * the upstream OLFS sends them, naming this server.
 */
public final class HistoryEntries {
  private static final DateTimeFormatter CF_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'GMT'", Locale.ROOT)
          .withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter JSON_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ", Locale.ROOT)
          .withZone(ZoneOffset.UTC);
  private static final String SCHEMA =
      "https://harmony.earthdata.nasa.gov/schemas/history/0.1.0/history-0.1.0.json";

  private HistoryEntries() {}

  /**
   * The contexts for one request.
   *
   * @param now when the request was made
   * @param program the server's name, e.g. {@code olfs-fastpath}
   * @param version the server's version
   * @param requestUrl the request URL without its query, as the client wrote it
   * @param rawQuery the query as the client wrote it (the constraint, still encoded), or empty
   * @param constraint the decoded constraint, or empty
   */
  public static List<GetRequest.Context> of(
      Instant now,
      String program,
      String version,
      String requestUrl,
      String rawQuery,
      String constraint) {
    String url = rawQuery.isEmpty() ? requestUrl : requestUrl + "?" + rawQuery;
    String cf = CF_TIME.format(now) + " " + program + "-" + version + " " + url + "\n";
    StringBuilder json =
        new StringBuilder(256)
            .append("{\"$schema\":")
            .append(Json.quote(SCHEMA))
            .append(",\"date_time\":")
            .append(Json.quote(JSON_TIME.format(now)))
            .append(",\"program\":")
            .append(Json.quote(program))
            .append(",\"version\":")
            .append(Json.quote(version))
            .append(",\"parameters\":[{\"request_url\":")
            .append(Json.quote(url))
            .append('}');
    if (!constraint.isEmpty()) {
      json.append(",{\"decoded_constraint\":").append(Json.quote(constraint)).append('}');
    }
    json.append("]}");
    return List.of(
        new GetRequest.Context("history_json_entry", json.toString()),
        new GetRequest.Context("cf_history_entry", cf));
  }
}
