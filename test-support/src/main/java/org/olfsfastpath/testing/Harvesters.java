package org.olfsfastpath.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The catalog software that harvests discovery metadata, run on the front end's records by the
 * tests: pycsw (an OGC CSW catalogue, as data.gov and GeoNetwork harvest ISO 19115-2), rdflib
 * (SPARQL over DCAT) and pyld (JSON-LD, with Google Dataset Search's required properties), from
 * PyPI into a {@link PythonVenv}, and the three scripts that drive them ({@code harvest/*.py}
 * beside this class). pycsw 2.6.2, the newest on PyPI, breaks with SQLAlchemy 2 ({@code
 * MetaData.__init__() got multiple values for argument 'schema'}), hence the pin.
 */
public final class Harvesters {
  /** What pip installs. */
  public static final List<String> PACKAGES =
      List.of("pycsw==2.6.2", "SQLAlchemy<2", "rdflib==7.6.0", "pyld==3.3.0");

  private Harvesters() {}

  /** The environment in {@code target/harvest-venv} of the module whose target is given. */
  public static PythonVenv venv(Path target, String who) {
    return new PythonVenv(
        who,
        target.resolve("harvest-venv"),
        PACKAGES,
        "import pycsw.server, sqlalchemy, rdflib, pyld",
        "about 200 MB");
  }

  /**
   * Writes script {@code name} ({@code pycsw_check.py}, {@code rdf_check.py} or {@code
   * jsonld_check.py}) into {@code dir}; each says in its docstring what it takes and prints.
   */
  public static Path script(String name, Path dir) throws IOException {
    Path script = dir.resolve(name);
    try (InputStream in = Harvesters.class.getResourceAsStream("harvest/" + name)) {
      if (in == null) {
        throw new IOException("no script harvest/" + name + " beside " + Harvesters.class);
      }
      Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
    }
    return script;
  }
}
