package org.olfsfastpath.dap;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A DAP4 constraint turned into the DAP2 one that means the same, for the one DAP4 response the BES
 * makes with a DAP2 command: {@code .dap.xml}, the BES's {@code xml_data}, which reads only a DAP2
 * constraint. The upstream OLFS sends the DAP4 constraint anyway, and the BES ignores it and sends
 * the whole dataset (33 MB for coads_climatology.nc instead of COADSX's 1.4 KB).
 *
 * <p>Translated: projections and index subsets, {@code /COADSX[0:1:9];/SST[0][0:2][0:2]} to {@code
 * COADSX[0:1:9],SST[0][0:2][0:2]}, a path's {@code /} to DAP2's {@code .}. Refused, since DAP2 has
 * no equal: filters ({@code |}), functions, shared-dimension and other DAP4 forms.
 */
public final class ConstraintTranslation {
  private static final Pattern CLAUSE =
      Pattern.compile(
          "/?[A-Za-z_%][A-Za-z0-9_.%~-]*(/[A-Za-z_%][A-Za-z0-9_.%~-]*)*(\\[[0-9:]*\\])*");

  private ConstraintTranslation() {}

  /**
   * The DAP2 constraint for {@code dap4}.
   *
   * @throws DapRequestRejectedException 400 naming the clause that has no DAP2 equal
   */
  public static String toDap2(String dap4) throws DapRequestRejectedException {
    if (dap4.isBlank()) {
      return "";
    }
    List<String> clauses = new ArrayList<>();
    for (String clause : dap4.split(";")) {
      String c = clause.strip();
      if (c.isEmpty()) {
        continue;
      }
      if (!CLAUSE.matcher(c).matches()) {
        throw new DapRequestRejectedException(
            400,
            "the DAP4 constraint clause '"
                + c
                + "' has no"
                + " DAP2 equal, which .dap.xml (the BES's xml_data) needs: use projections and index"
                + " subsets only, or ask for .dap, .dap.csv or .dap.nc");
      }
      String path = c.startsWith("/") ? c.substring(1) : c;
      int bracket = path.indexOf('[');
      String name = bracket < 0 ? path : path.substring(0, bracket);
      String subsets = bracket < 0 ? "" : path.substring(bracket);
      clauses.add(name.replace('/', '.') + subsets);
    }
    return String.join(",", clauses);
  }
}
