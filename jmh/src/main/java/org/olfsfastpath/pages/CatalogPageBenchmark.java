package org.olfsfastpath.pages;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.jmh.StandardRun;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * Renders a directory listing (HTML with its JSON-LD) of 100 or 10,000 entries; the target for
 * 10,000 is well under a second.
 *
 * <p>Workload: one directory built in {@code @Setup}, of which every 20th entry is a sub-directory,
 * every 20th (offset by 10) a non-data file and the rest datasets, with names like {@code
 * granule_000123.nc} and sizes and times that differ per entry; each operation renders the whole
 * page to bytes with file access allowed (the most links per row). Run with the gc profiler
 * (scripts/jmh does) for the bytes allocated per page.
 *
 * <pre>{@code scripts/jmh --include CatalogPageBenchmark}</pre>
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Threads(1)
public class CatalogPageBenchmark extends StandardRun {
  static final Instant MODIFIED = Instant.parse("2026-11-22T01:52:59Z");

  @Param({"100", "10000"})
  int entries;

  DataSource directory;
  Site site;

  @Setup
  public void setUp() {
    List<DataSource.Child> children = new ArrayList<>(entries);
    for (int i = 0; i < entries; i++) {
      String number = String.format("%06d", i);
      Instant time = MODIFIED.plusSeconds(i * 37L);
      if (i % 20 == 0) {
        children.add(new DataSource.Child("dir_" + number, false, time, 0, true));
      } else if (i % 20 == 10) {
        children.add(new DataSource.Child("notes_" + number + ".txt", false, time, 100 + i, false));
      } else {
        children.add(
            new DataSource.Child(
                "granule_" + number + ".nc", true, time, 1_000_000L + 7919L * i, false));
      }
    }
    directory = new DataSource("/data/granules", false, MODIFIED, 0, true, children);
    site = new Site("http://localhost:8080/opendap", FormType.DAP4, true);
  }

  @Benchmark
  public byte[] render() {
    // The listing with its JSON-LD, as the web layer makes both for each request.
    return CatalogPage.render(
        directory,
        site,
        org.olfsfastpath.meta.SchemaOrgWriter.catalog(
            directory, site, org.olfsfastpath.meta.ServerInfo.NONE));
  }
}
