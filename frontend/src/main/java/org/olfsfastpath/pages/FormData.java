package org.olfsfastpath.pages;

import java.util.Map;
import java.util.Optional;
import org.olfsfastpath.json.JsonWriter;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * What the form's script needs beyond the page's fields, as JSON in a {@code <script
 * type="application/json" id="form-data">} block (data, never run, so the Content-Security-Policy
 * has nothing to allow): each format's size terms ({@link AnswerSizes.Format}, {@link SizeTerm}) by
 * variable id, the coordinate axes' values and their time units, and the size above which a
 * download asks first. The script computes sizes and translates values with these exactly as the
 * server does.
 */
final class FormData {
  private FormData() {}

  static String json(DatasetForm form, Site site) {
    DatasetModel model = form.model();
    StringBuilder out = new StringBuilder(4096);
    JsonWriter w =
        new JsonWriter(out)
            .beginObject()
            .name("largeDownload")
            .value(site.largeDownload())
            .value("largeDownloadText", RequestPanel.decimalSize(site.largeDownload()))
            .name("minChunk")
            .value(AnswerSizes.MIN_CHUNK)
            .beginObject("formats");
    for (DownloadFormat format : DownloadFormat.of(model.form())) {
      AnswerSizes.Format parts = form.sizes().format(format);
      w.beginObject(format.token())
          .name("text")
          .value(parts.text())
          .name("data")
          .value(parts.data())
          .name("chunked")
          .value(parts.chunked())
          .value("kind", parts.kind().token())
          .beginObject("dims");
      for (Map.Entry<String, Long> line : parts.dimensionLines().entrySet()) {
        w.name(line.getKey()).value(line.getValue().longValue());
      }
      w.endObject().beginObject("vars");
      for (Variable variable : model.allVariables()) {
        SizeTerm term = parts.terms().get(variable.fqn());
        if (term != null) {
          term(w, FormSelection.idOf(variable), term);
        }
      }
      w.endObject().endObject();
    }
    w.endObject().beginObject("axes");
    for (Axis axis : form.coordinates().axes().values()) {
      axis(w, axis);
    }
    w.endObject().endObject();
    return out.toString();
  }

  private static void term(JsonWriter w, String id, SizeTerm term) {
    w.beginObject(id)
        .name("t")
        .value(term.text())
        .name("st")
        .value(term.slicedText())
        .name("p")
        .value(term.prefix())
        .name("w")
        .value(term.width())
        .name("pad")
        .value(term.pad())
        .name("r")
        .value(term.perRow())
        .value("k", term.kind().token());
    array(w, "d", term.digits());
    array(w, "sd", term.slicedDigits());
    w.beginArray("m");
    for (long map : term.maps()) {
      w.value(map);
    }
    w.endArray().beginArray("dims");
    for (String dimension : term.dimensions()) {
      w.value(dimension);
    }
    w.endArray().endObject();
  }

  private static void array(JsonWriter w, String name, int[] values) {
    w.beginArray(name);
    for (int value : values) {
      w.value(value);
    }
    w.endArray();
  }

  private static void axis(JsonWriter w, Axis axis) {
    w.beginObject(FormSelection.idOf(axis.variable())).name("direction").value(axis.direction());
    w.beginArray("values");
    for (int i = 0; i < axis.size(); i++) {
      w.value(axis.number(i));
    }
    w.endArray();
    Optional<TimeUnits> time = axis.time();
    if (time.isPresent()) {
      TimeUnits units = time.get();
      w.beginArray("texts");
      for (int i = 0; i < axis.size(); i++) {
        w.value(axis.text(i));
      }
      w.endArray()
          .beginObject("time")
          .value("calendar", units.calendar().cfName())
          .name("epochDay")
          .value(units.epochDay())
          .value("epochSecond", NumberText.exact(units.epochSecond(), false))
          .value("secondsPerUnit", NumberText.exact(units.secondsPerUnit(), false))
          .endObject();
    }
    w.endObject();
  }
}
