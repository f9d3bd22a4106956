package org.olfsfastpath.pages;

/**
 * The response headers the pages need. The Content-Security-Policy allows exactly the pages' inline
 * style sheet and form script (by hash) and nothing from any other host, so a name or attribute
 * from a dataset can never run as script even if escaping were missed.
 */
public final class PageHeaders {
  /** Content-Type of the HTML listings and forms. */
  public static final String HTML_TYPE = "text/html;charset=UTF-8";

  /** Content-Security-Policy for the HTML listings and forms. */
  public static final String CONTENT_SECURITY_POLICY = Markup.CONTENT_SECURITY_POLICY;

  /** Content-Type of the THREDDS catalog (siphon refuses anything with "html" in it). */
  public static final String THREDDS_TYPE = "text/xml;charset=UTF-8";

  /** Content-Type of robots.txt and the site map files. */
  public static final String TEXT_TYPE = "text/plain;charset=UTF-8";

  private PageHeaders() {}
}
