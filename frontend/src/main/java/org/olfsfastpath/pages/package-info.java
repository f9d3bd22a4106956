/**
 * The pages people and catalog clients open: data request forms, directory listings, THREDDS
 * catalogs, robots.txt and the site map, rendered as bytes with no servlet in sight.
 *
 * <p>The entry points are {@link org.olfsfastpath.pages.DataRequestForm#render} (the DAP4 {@code
 * .dmr.html} and DAP2 {@code .html} forms, from a {@link org.olfsfastpath.pages.DatasetForm}: the
 * {@link org.olfsfastpath.pages.DatasetModel} that {@link org.olfsfastpath.pages.DatasetParser}
 * reads from the BES's DMR or DDX, the sizes of its answers, and its {@link
 * org.olfsfastpath.pages.Coordinates} read from the one data answer a {@link
 * org.olfsfastpath.pages.CoordinateRequest} names; and a {@link
 * org.olfsfastpath.pages.FormSelection} read from the form's query, where coordinate values choose
 * indexes), {@link org.olfsfastpath.pages.CatalogPage#render} (the HTML listing), {@link
 * org.olfsfastpath.pages.ThreddsCatalog#render} ({@code catalog.xml}) and {@link
 * org.olfsfastpath.pages.SiteMap} with its {@link org.olfsfastpath.pages.SiteMapCache}. Each takes
 * a {@link org.olfsfastpath.pages.Site}: the service URL clients see and the olfs.xml settings the
 * pages depend on; {@link org.olfsfastpath.pages.PageHeaders} gives the headers to send. It sits
 * beside the {@code dap} layer: it uses the {@code dap} escapers, the shared JSON writer ({@link
 * org.olfsfastpath.json.JsonWriter}), the {@code cache} data-source record and the {@code bes}
 * protocol exception, and nothing above.
 */
@org.jspecify.annotations.NullMarked
package org.olfsfastpath.pages;
