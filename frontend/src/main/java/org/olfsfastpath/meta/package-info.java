/**
 * Discovery metadata: what catalogs harvest about a dataset, built once from what the front end
 * already reads (the DMR or DDX model and the coordinate values of package {@code pages}, the BES's
 * administrator) into one {@link org.olfsfastpath.meta.DiscoveryRecord} by {@link
 * org.olfsfastpath.meta.DiscoveryRecords}, then written by one writer per format: ISO 19115-2 for
 * CSW catalogs such as pycsw and GeoNetwork ({@link org.olfsfastpath.meta.IsoWriter}, {@code
 * .iso}), DCAT 3 and Dublin Core for linked-data catalogs ({@link
 * org.olfsfastpath.meta.DcatWriter}, {@code .rdf}), schema.org JSON-LD for Google Dataset Search
 * ({@link org.olfsfastpath.meta.SchemaOrgWriter}, in the forms, listings and rubric) and the
 * completeness rubric people read ({@link org.olfsfastpath.meta.RubricWriter}, {@code .rubric}).
 *
 * <p>The record follows the Attribute Convention for Data Discovery 1.3 ({@link
 * org.olfsfastpath.meta.AcddTerm}) and CF: each value says where it came from ({@link
 * org.olfsfastpath.meta.Origin}), what no source gives stays missing (no made-up publisher or
 * topic), every string is cleaned and cut once so that no writer can be broken by a value, and no
 * writer puts the time of the request into its bytes, so that the answers cache and validate like
 * the other metadata. It sits above {@code pages} and {@code dap}, whose values it reads, and below
 * the web layer, which alone calls it; {@code pages} does not depend on it (a form page gets its
 * JSON-LD as a string).
 */
@NullMarked
package org.olfsfastpath.meta;

import org.jspecify.annotations.NullMarked;
