package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The DAP4 server functions the emulated BES has registered, as its modules register them
 * (freeform_handler's date and time functions, the functions module's), and their evaluation for a
 * {@code dap4function} get: {@code version()} lists them as the BES's version function writes the
 * list, {@code linear_scale(var, m, b)} scales a variable of the dataset into a Float64 one. The
 * other registered functions are known by name (so an unknown name gets the BES's "is not a
 * registered DAP4 server function") but not evaluated: asking for one is an error that says so,
 * never a made-up answer. Immutable and thread-safe.
 */
public final class ServerFunctions {
  /** One registered function, as the version function lists it. */
  record Function(
      String name,
      String version,
      String type,
      String role,
      String docUrl,
      String description,
      String module) {}

  private static final String FREEFORM_ROLE =
      "https://services.opendap.org/dap4/freeform-function/";
  private static final String FREEFORM_DOC =
      "https://docs.opendap.org/index.php/Server_Side_Processing_Functions#FreeForm_Functions";
  private static final String FREEFORM = "freeform_handler";
  private static final String FUNCTIONS = "functions";

  /** Every function the recorded BES 3.22's modules register. */
  private static final List<Function> ALL =
      List.of(
          freeform(
              "DODS_Date",
              "projection",
              "DODS_Date",
              "Adds a variable named DODS_Date that is an ISO 8601 date string to the dataset."),
          freeform(
              "DODS_Date_Time",
              "projection",
              "DODS_Date_Time",
              "Adds a variable named DODS_Date_Time that is an ISO 8601 date/time string to the "
                  + "dataset."),
          freeform(
              "DODS_Decimal_Year",
              "projection",
              "DODS_Decimal_Year",
              "Adds a variable named DODS_Decimal_Year that is date as a decimal year/day value "
                  + "string to the dataset."),
          freeform(
              "DODS_EndDate",
              "projection",
              "DODS_EndDate",
              "Adds a variable named DODS_EndDate that is an ISO 8601 date string to the "
                  + "dataset."),
          freeform(
              "DODS_EndDate_Time",
              "projection",
              "DODS_EndDate_Time",
              "Adds a variable named DODS_EndDate_Time that is an ISO 8601 date/time string to "
                  + "the dataset."),
          freeform(
              "DODS_EndDecimal_Year",
              "projection",
              "DODS_EndDecimal_Year",
              "Adds a variable named DODS_EndDecimal_Year that is date as a decimal year/day "
                  + "value string to the dataset."),
          freeform(
              "DODS_EndTime",
              "projection",
              "DODS_EndTime",
              "Adds a variable named DODS_EndTime that is an ISO 8601 time string to the "
                  + "dataset."),
          freeform(
              "DODS_JDate",
              "projection",
              "DODS_JDATE",
              "Adds a variable named DODS_JDate that is the Julian day number to the dataset."),
          freeform(
              "DODS_StartDate",
              "projection",
              "DODS_StartDate",
              "Adds a variable named DODS_StartDate that is an ISO 8601 date string to the "
                  + "dataset."),
          freeform(
              "DODS_StartDate_Time",
              "projection",
              "DODS_StartDate_Time",
              "Adds a variable named DODS_StartDate_Time that is an ISO 8601 date/time string "
                  + "to the dataset."),
          freeform(
              "DODS_StartDecimal_Year",
              "projection",
              "DODS_StartDecimal_Year",
              "Adds a variable named DODS_StartDecimal_Year that is date as a decimal year/day "
                  + "value string to the dataset."),
          freeform(
              "DODS_StartTime",
              "projection",
              "DODS_StartTime",
              "Adds a variable named DODS_StartTime that is an ISO 8601 time string to the "
                  + "dataset."),
          freeform(
              "DODS_Time",
              "projection",
              "DODS_Time",
              "Adds a variable named DODS_Time that is an ISO 8601 time string to the dataset."),
          functions(
              "bbox",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/bbox",
              "http://docs.opendap.org/index.php/Server_Side_Processing_Functions#bbox",
              "The bbox() function returns the indices for a bounding-box based on an Array "
                  + "variable's values."),
          functions(
              "bbox_comb",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/bbox_comb",
              "http://docs.opendap.org/index.php/Server_Side_Processing_Functions#bbox_comb",
              "The bbox_comb() function combines two bounding boxes with different shapes, "
                  + "forming their combination."),
          functions(
              "bbox_union",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/bbox_union",
              "http://docs.opendap.org/index.php/Server_Side_Processing_Functions#bbox_union",
              "The bbox_union() function combines several bounding boxes, forming their union."),
          functions(
              "bind_name",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/bind_name",
              "http://docs.opendap.org/index.php/Server_Side_Processing_Functions#bind_name",
              "The bind_name() function (re)names a DAP variable."),
          functions(
              "bind_shape",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/bind_shape",
              "http://docs.opendap.org/index.php/Server_Side_Processing_Functions#bind_shape",
              "The bind_shape() function sets the shape of a DAP Array."),
          freeform(
              "date",
              "boolean",
              "date",
              "Compares the current variable to the date parameters. If only one parameter is "
                  + "passed then this returns true if they're the same date. If two parameters are "
                  + "passed they are considered to be the beginning and end of a date range and the "
                  + "function returns true if the current variable falls in the range."),
          freeform(
              "date_range",
              "boolean",
              "date_range",
              "Compares the current sequence instance with the passed date range. Return true "
                  + "if the instance is within the range. If only single date parameter is used as a "
                  + "start date to now."),
          freeform(
              "date_time",
              "boolean",
              "date_time",
              "Compares the current sequence instance with the passed date/time range. Return "
                  + "true if the instance is within the range."),
          functions(
              "dilate_mask",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/dilate_mask",
              "http://docs.opendap.org/index.php/Server_Side_Processing_Functions#dilate_mask",
              "The dilate_mask() function applies a dilation graphics operation to a mask "
                  + "array."),
          freeform(
              "end_date",
              "boolean",
              "end_date",
              "The current sequence instance is compared, as an end date, to the single passed "
                  + "parameter. Returns true if they're the same date. If two parameters are passed "
                  + "they are considered a date range. True is returned if the current variable falls "
                  + "into the range."),
          freeform(
              "end_date_time",
              "boolean",
              "end_date_time",
              "Compares the current sequence instance with the passed date/time range. Return "
                  + "true if the instance is within the range."),
          freeform(
              "end_time",
              "boolean",
              "end_time",
              "Compares the current variable with the passed time range. Return true if the "
                  + "sequence instance is within the range."),
          functions(
              "geogrid",
              "1.2",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/geogrid",
              "http://docs.opendap.org/index.php/Server_Side_Processing_Functions#geogrid",
              "Subsets a grid by the values of it's geo-located map variables."),
          functions(
              "grid",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/grid",
              "https://docs.opendap.org/index.php/Server_Side_Processing_Functions#grid",
              "Subsets a grid by the values of it's geo-located map variables."),
          functions(
              "identity",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/identity",
              "http://docs.opendap.org/index.php/Server_Side_Processing_Functions#identity",
              "The identity() function returns its argument. Use this to include a variable in "
                  + "a function response."),
          functions(
              "linear_scale",
              "1.0b1",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/linear-scale",
              "http://docs.opendap.org/index.php/Server_Side_Processing_Functions#linear_scale",
              "The linear_scale() function applies the familiar y = mx + b equation to data."),
          functions(
              "make_array",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/make_array",
              "https://docs.opendap.org/index.php/Server_Side_Processing_Functions#make_array",
              "The make_array() function reads a number of values and builds a DAP Array "
                  + "object."),
          functions(
              "make_mask",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/make_mask",
              "https://docs.opendap.org/index.php/Server_Side_Processing_Functions#make_mask",
              "The make_mask() function reads a number of dim_names, followed by a set of dim "
                  + "value tuples and builds a DAP Array object."),
          functions(
              "mask_array",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/mask_array",
              "https://docs.opendap.org/index.php/Server_Side_Processing_Functions#mask_array",
              "The mask_array() function applies a mask to an array."),
          functions(
              "range",
              "1.0b1",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/range",
              "https://docs.opendap.org/index.php/Server_Side_Processing_Functions#range",
              "The range() function evaluates the passed variable and returns an array of size "
                  + "2 containing the min and max values of the variable."),
          functions(
              "roi",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/roi",
              "http://docs.opendap.org/index.php/Server_Side_Processing_Functions#roi",
              "The roi() function subsets N arrays using slicing information read from an Array "
                  + "of Structures like that produced by the bbox() function."),
          freeform(
              "start_date",
              "boolean",
              "start_date",
              "The current sequence instance is compared, as a start date, to the single passed "
                  + "parameter. Returns true if they're the same date. If two parameters are passed "
                  + "they are considered a date range. True is returned if the current variable falls "
                  + "into the range."),
          freeform(
              "start_date_time",
              "boolean",
              "start_date_time",
              "Compares the current sequence instance with the passed date/time range. Return "
                  + "true if the instance is within the range."),
          freeform(
              "start_time",
              "boolean",
              "start_time",
              "Compares the current variable with the passed time range. Return true if the "
                  + "sequence instance is within the range."),
          functions(
              "tabular",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/tabular",
              "https://docs.opendap.org/index.php/Server_Side_Processing_Functions#tabular",
              "The tabular() function transforms one or more arrays into a sequence."),
          functions(
              "test",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/",
              "http://docs.opendap.org/index.php/Server_Side_Processing_Functions",
              "The test() function returns a new array."),
          freeform(
              "time",
              "boolean",
              "time",
              "Compares the current variable with the passed time range. Return true if the "
                  + "sequence instance is within the range."),
          functions(
              "version",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/version",
              "https://docs.opendap.org/index.php/Server_Side_Processing_Functions#version",
              "The version function provides a list of the server-side processing functions "
                  + "available on a given server along with their versions."),
          functions(
              "wrapitup",
              "1.0",
              "basetype",
              "http://services.opendap.org/dap4/server-side-function/dap_function_utils/wrapitup",
              "https://docs.opendap.org/index.php/DapUtilFunctions",
              "This function returns a Structure whose name will invoke the '_unwrap' content "
                  + "activity"));

  /** The registered ones, by name: the BES keeps them in a std::multimap, so in byte order. */
  private final Map<String, Function> registered;

  private ServerFunctions(Map<String, Function> registered) {
    this.registered = Map.copyOf(registered);
  }

  /** The functions the modules {@code moduleLoaded} accepts register. */
  public static ServerFunctions loadedBy(Predicate<String> moduleLoaded) {
    Map<String, Function> registered = new TreeMap<>();
    for (Function function : ALL) {
      if (moduleLoaded.test(function.module())) {
        registered.put(function.name(), function);
      }
    }
    return new ServerFunctions(registered);
  }

  private static Function freeform(String name, String type, String role, String description) {
    return new Function(
        name, "1.0", type, FREEFORM_ROLE + role, FREEFORM_DOC, description, FREEFORM);
  }

  private static Function functions(
      String name, String version, String type, String role, String docUrl, String description) {
    return new Function(name, version, type, role, docUrl, description, FUNCTIONS);
  }

  boolean isRegistered(String name) {
    return registered.containsKey(name);
  }

  /** The value of {@code version()}: the registered functions, in the version function's XML. */
  String versionDocument() {
    StringBuilder xml =
        new StringBuilder(17_000)
            .append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
            .append(
                "<ds:functions xmlns:ds=\"http://xml.opendap.org/ns/DAP/4.0/dataset-services#\">\n");
    for (Function function : new TreeMap<>(registered).values()) {
      xml.append("     <ds:function  name=\"")
          .append(function.name())
          .append("\" version=\"")
          .append(function.version())
          .append("\" type=\"")
          .append(function.type())
          .append("\" role=\"")
          .append(function.role())
          .append("\" >\n")
          .append("        <ds:Description href=\"")
          .append(function.docUrl())
          .append("\">")
          .append(function.description())
          .append("</ds:Description>\n")
          .append("    </ds:function>\n");
    }
    // The closing tag has no prefix: the BES writes it so.
    return xml.append("</functions>\n").toString();
  }

  /**
   * The dataset as a {@code dap4function} get sees it: a DAP4 data get answers the functions'
   * results ({@code function_results}), constrained by the get's dap4constraint; any other get is
   * the dataset's own answer, since the BES runs functions for DAP4 data only.
   */
  public EmulatedDataset applyTo(EmulatedDataset dataset, String expression) {
    Objects.requireNonNull(dataset, "dataset == null");
    Objects.requireNonNull(expression, "expression == null");
    return new EmulatedDataset() {
      @Override
      public String name() {
        return dataset.name();
      }

      @Override
      public void write(DapQuery query, OutputStream out) throws IOException, DapRequestException {
        if (!query.type().equals("dap")) {
          dataset.write(query, out);
          return;
        }
        if (!query.returnAs().isEmpty()) {
          throw BesErrors.notGenerated("dap4function results as " + query.returnAs(), "getDAP");
        }
        if (!(dataset instanceof GeneratedDataset generated)) {
          throw BesErrors.notGenerated("dap4function results for " + dataset.name(), "getDAP");
        }
        List<FunctionResults.Result> results = new ArrayList<>();
        for (FunctionExpression.Call call :
            FunctionExpression.parse(expression, ServerFunctions.this, generated.model())) {
          results.add(evaluate(call, generated.model()));
        }
        FunctionResults.write(results, query, out);
      }

      @Override
      public String toString() {
        return dataset + " with " + expression;
      }
    };
  }

  private FunctionResults.Result evaluate(FunctionExpression.Call call, DatasetModel model)
      throws DapRequestException {
    switch (call.name()) {
      case "version" -> {
        return FunctionResults.Result.string("version", versionDocument());
      }
      case "linear_scale" -> {
        return LinearScale.apply(call.args(), model);
      }
      default ->
          throw BesErrors.notGenerated("the server function " + call.name() + "()", "getDAP");
    }
  }
}
