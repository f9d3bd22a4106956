package org.olfsfastpath.pages;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import org.olfsfastpath.bes.BesProtocolException;
import org.olfsfastpath.cache.DataSource;

/**
 * The site map: every directory's {@code contents.html} and every dataset's form as absolute URLs,
 * split into plain-text files {@code smap_0.txt}, {@code smap_1.txt}, … of at most {@value
 * #MAX_LINES} lines (and 50 MB), and the {@code robots.txt} that points crawlers at them. Immutable
 * and thread-safe: every file is encoded once, when the site map is built; serving one copies its
 * bytes.
 *
 * <p>Build it from the BES's {@code buildSiteMap} answer ({@link #fromBuildSiteMap}) or by walking
 * the catalog with showNode ({@link #walk}); a {@link SiteMapCache} keeps it and rebuilds it in the
 * background.
 */
public final class SiteMap {
  /** The most lines a site map file holds (the sitemaps protocol allows 50,000). */
  public static final int MAX_LINES = 49_500;

  /** The most bytes a site map file holds (the sitemaps protocol allows 50 MB). */
  public static final int MAX_BYTES = 50_000_000;

  /** The line of a directory ends in this, the {@code nodeSuffix} of buildSiteMap. */
  public static final String DIRECTORY_PAGE = "contents.html";

  private final String serviceUrl;
  private final int lines;
  private final List<byte[]> files;

  private SiteMap(String serviceUrl, int lines, List<byte[]> files) {
    this.serviceUrl = serviceUrl;
    this.lines = lines;
    this.files = files;
  }

  /**
   * A site map of {@code catalogUrls}: paths below the catalog root such as {@code
   * /nc/contents.html} or {@code /nc/fnoc1.nc.dmr.html}, not percent-encoded. They are encoded,
   * prefixed with the site's service URL and split into files in order, duplicates dropped.
   */
  public static SiteMap of(List<String> catalogUrls, Site site) {
    Set<String> seen = new HashSet<>(catalogUrls.size() * 2);
    List<byte[]> files = new ArrayList<>();
    StringBuilder file = new StringBuilder(64 * Math.min(catalogUrls.size(), MAX_LINES));
    int inFile = 0;
    int total = 0;
    for (String path : catalogUrls) {
      if (!seen.add(path)) {
        continue;
      }
      String line = site.url(path) + "\n";
      if (inFile == MAX_LINES || file.length() + line.length() > MAX_BYTES) {
        files.add(file.toString().getBytes(StandardCharsets.UTF_8));
        file.setLength(0);
        inFile = 0;
      }
      file.append(line);
      inFile++;
      total++;
    }
    if (inFile > 0 || files.isEmpty()) {
      files.add(file.toString().getBytes(StandardCharsets.UTF_8));
    }
    return new SiteMap(site.serviceUrl(), total, List.copyOf(files));
  }

  /**
   * Reads the BES's answer to {@code <buildSiteMap prefix="P" nodeSuffix="contents.html"
   * leafSuffix="S"/>}: one URL per line, each {@code P} (less one trailing slash) followed by a
   * catalog path. Ask with {@code S} = the site's form suffix ({@code .dmr.html} or {@code .html})
   * and any prefix, e.g. {@code http://sitemap.invalid/}; the prefix is removed and the site's
   * service URL put in its place.
   *
   * @param answer the answer's text (UTF-8; blank lines are skipped)
   * @param prefix the {@code prefix} attribute that was sent
   * @throws BesProtocolException if a line does not start with the prefix
   */
  public static SiteMap fromBuildSiteMap(byte[] answer, String prefix, Site site)
      throws BesProtocolException {
    String stripped = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
    String text = new String(answer, StandardCharsets.UTF_8);
    List<String> paths = new ArrayList<>();
    int number = 0;
    for (String line : text.split("\r?\n")) {
      number++;
      if (line.isBlank()) {
        continue;
      }
      if (!line.startsWith(stripped + "/")) {
        throw new BesProtocolException(
            "expected every line of the buildSiteMap answer to start"
                + " with "
                + stripped
                + "/ but line "
                + number
                + " was \""
                + line.substring(0, Math.min(line.length(), 120))
                + "\"");
      }
      paths.add(line.substring(stripped.length()));
    }
    return of(paths, site);
  }

  /** Lists a catalog directory, as the data-source cache does with showNode. */
  @FunctionalInterface
  public interface Lister {
    /**
     * The directory at {@code path}.
     *
     * @throws IOException if it cannot be listed; the walk fails with it
     */
    DataSource list(String path) throws IOException;
  }

  /**
   * Walks the catalog from the root, depth first in listing order, as the BES's buildSiteMap does:
   * each directory's {@code contents.html}, then its sub-directories, then its datasets' forms.
   * Other files are left out.
   *
   * @throws IOException the first failure of {@code lister}
   */
  public static SiteMap walk(Lister lister, Site site) throws IOException {
    Objects.requireNonNull(lister, "lister == null");
    List<String> paths = new ArrayList<>();
    walk(lister, "/", site.formType().suffix(), paths, new HashSet<>());
    return of(paths, site);
  }

  private static void walk(
      Lister lister, String path, String formSuffix, List<String> out, Set<String> visited)
      throws IOException {
    if (!visited.add(path)) {
      return;
    }
    DataSource directory = lister.list(path);
    String prefix = path.equals("/") ? "/" : path + "/";
    out.add(prefix + DIRECTORY_PAGE);
    for (DataSource.Child child : directory.children()) {
      if (child.isDirectory()) {
        walk(lister, prefix + child.name(), formSuffix, out, visited);
      }
    }
    for (DataSource.Child child : directory.children()) {
      if (child.isData() && !child.isDirectory()) {
        out.add(prefix + child.name() + formSuffix);
      }
    }
  }

  /** How many files the site map has, at least 1. */
  public int fileCount() {
    return files.size();
  }

  /** How many URLs it lists. */
  public int lineCount() {
    return lines;
  }

  /** The name of file {@code index}: {@code smap_<index>.txt}. */
  public static String fileName(int index) {
    return "smap_" + index + ".txt";
  }

  /**
   * The index of the file named {@code name} ({@code smap_<n>.txt}, no leading zeros), or empty
   * when there is no such file here (answer 404).
   */
  public OptionalInt fileIndex(String name) {
    if (!name.startsWith("smap_") || !name.endsWith(".txt")) {
      return OptionalInt.empty();
    }
    String digits = name.substring(5, name.length() - 4);
    if (digits.isEmpty()
        || digits.length() > 9
        || (digits.length() > 1 && digits.charAt(0) == '0')
        || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return OptionalInt.empty();
    }
    int index = Integer.parseInt(digits);
    return index < files.size() ? OptionalInt.of(index) : OptionalInt.empty();
  }

  /** The length in bytes of file {@code index}, for Content-Length. */
  public int fileLength(int index) {
    return files.get(checkIndex(index)).length;
  }

  /** Writes file {@code index} (UTF-8, one URL per line). */
  public void writeFile(int index, OutputStream out) throws IOException {
    out.write(files.get(checkIndex(index)));
  }

  /** File {@code index} as text. */
  public String file(int index) {
    return new String(files.get(checkIndex(index)), StandardCharsets.UTF_8);
  }

  /**
   * The robots.txt text: {@code User-agent: *} and {@code Allow: /}, then one {@code Sitemap:
   * <serviceUrl>/siteMap/smap_<n>.txt} line per file.
   */
  public String robotsTxt() {
    return robotsTxt("User-agent: *\nAllow: /\n");
  }

  /**
   * The robots.txt text with {@code rules} (e.g. a site's robots base file) in place of the default
   * rules, followed by the Sitemap lines.
   */
  public String robotsTxt(String rules) {
    StringBuilder out = new StringBuilder(rules.length() + 64 * files.size()).append(rules);
    if (!rules.isEmpty() && !rules.endsWith("\n")) {
      out.append('\n');
    }
    out.append('\n');
    for (int i = 0; i < files.size(); i++) {
      out.append("Sitemap: ")
          .append(serviceUrl)
          .append("/siteMap/")
          .append(fileName(i))
          .append('\n');
    }
    return out.toString();
  }

  private int checkIndex(int index) {
    if (index < 0 || index >= files.size()) {
      throw new IndexOutOfBoundsException(
          "site map file " + index + " does not exist; there are " + files.size());
    }
    return index;
  }

  @Override
  public String toString() {
    return "SiteMap{" + lines + " URLs in " + files.size() + " files under " + serviceUrl + "}";
  }
}
