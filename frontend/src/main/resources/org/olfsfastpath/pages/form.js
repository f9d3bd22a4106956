(function () {
  'use strict';
  var form = document.getElementById('request');
  if (!form) {
    return;
  }
  var dap4 = form.getAttribute('data-form') === 'dap4';
  var datasetHref = form.getAttribute('data-dataset');
  var datasetUrl = form.getAttribute('data-url');
  var urlBox = document.getElementById('constraint-url');
  var status = document.getElementById('form-status');
  var copy = document.getElementById('copy-url');
  var update = document.getElementById('button-update');
  var sizeHint = document.getElementById('size-hint');
  var warning = document.getElementById('download-warning');
  var boxes = Array.prototype.slice.call(form.querySelectorAll('input[name="var"]'));
  var dataBlock = document.getElementById('form-data');
  // Sizes and coordinate values, as the server computed them (FormData).
  var data = dataBlock ? JSON.parse(dataBlock.textContent) : {formats: {}, axes: {}};
  var lastButton = null;
  var pending = null;

  form.noValidate = true;
  if (update) {
    update.hidden = true;
  }
  if (copy) {
    copy.hidden = false;
  }

  // The same encoding as PercentEncoding.query: unreserved characters and , : / ; stay.
  function encodeQuery(text) {
    return encodeURIComponent(text)
      .replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/%2F/g, '/').replace(/%3B/g, ';')
      .replace(/[!'()*]/g, function (c) {
        return '%' + c.charCodeAt(0).toString(16).toUpperCase();
      });
  }

  function field(id, i, part) {
    return document.getElementById('dim-' + id + '-' + i + '-' + part);
  }

  // ---------------------------------------------------------------- coordinate values (Axis)

  // Day numbers as CfCalendar counts them: astronomical years, the same for every calendar.
  var BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];

  function floorDiv(a, b) {
    return Math.floor(a / b);
  }

  function gregorianJdn(y, m, d) {
    var a = Math.floor((14 - m) / 12);
    var yy = y + 4800 - a;
    var mm = m + 12 * a - 3;
    return d + Math.floor((153 * mm + 2) / 5) + 365 * yy + floorDiv(yy, 4) - floorDiv(yy, 100)
      + floorDiv(yy, 400) - 32045;
  }

  function julianJdn(y, m, d) {
    var a = Math.floor((14 - m) / 12);
    var yy = y + 4800 - a;
    var mm = m + 12 * a - 3;
    return d + Math.floor((153 * mm + 2) / 5) + 365 * yy + floorDiv(yy, 4) - 32083;
  }

  function leap(calendar, y) {
    var julian = y % 4 === 0;
    var gregorian = julian && (y % 100 !== 0 || y % 400 === 0);
    switch (calendar) {
      case 'noleap': return false;
      case 'all_leap': return true;
      case 'julian': return julian;
      case 'proleptic_gregorian': return gregorian;
      default: return y > 1582 ? gregorian : julian;
    }
  }

  function isDate(calendar, y, m, d) {
    if (m < 1 || m > 12 || d < 1) {
      return false;
    }
    var length = calendar === '360_day' ? 30 : BEFORE_MONTH[m] - BEFORE_MONTH[m - 1]
      + (m === 2 && leap(calendar, y) ? 1 : 0);
    return d <= length && (calendar !== 'standard' || y !== 1582 || m !== 10 || d < 5 || d > 14);
  }

  function dayNumber(calendar, y, m, d) {
    switch (calendar) {
      case 'proleptic_gregorian': return gregorianJdn(y, m, d);
      case 'julian': return julianJdn(y, m, d);
      case 'noleap': return 365 * y + BEFORE_MONTH[m - 1] + d - 1;
      case 'all_leap': return 366 * y + BEFORE_MONTH[m - 1] + (m > 2 ? 1 : 0) + d - 1;
      case '360_day': return 360 * y + 30 * (m - 1) + d - 1;
      default:
        return y > 1582 || (y === 1582 && (m > 10 || (m === 10 && d >= 15)))
          ? gregorianJdn(y, m, d) : julianJdn(y, m, d);
    }
  }

  var DATE = /^\s*(-?\d{1,4})-(\d{1,2})-(\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}(?:\.\d*)?))?)?\s*(?:Z|UTC)?\s*$/;
  var NUMBER = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

  // A typed value in the axis's units, or an error message (Axis.parse).
  function parseValue(axis, text) {
    var time = axis.time;
    var m = time ? DATE.exec(text) : null;
    if (m) {
      var y = parseInt(m[1], 10);
      var mo = parseInt(m[2], 10);
      var d = parseInt(m[3], 10);
      if (!isDate(time.calendar, y, mo, d)) {
        return {error: text.trim() + ' is not a date of the ' + time.calendar + ' calendar'};
      }
      var second = m[4] === undefined ? 0 : parseInt(m[4], 10) * 3600 + parseInt(m[5], 10) * 60
        + (m[6] === undefined ? 0 : parseFloat(m[6]));
      var seconds = (dayNumber(time.calendar, y, mo, d) - time.epochDay) * 86400 + second
        - parseFloat(time.epochSecond);
      return {value: seconds / parseFloat(time.secondsPerUnit)};
    }
    if (NUMBER.test(text)) {
      return {value: parseFloat(text)};
    }
    return {error: '"' + text.trim() + '" is not a number'
      + (time ? ' or a date like ' + axis.texts[0] : '')};
  }

  // The index of the nearest value; a tie goes up when towardHigher (Axis.nearest).
  function nearest(axis, value, towardHigher) {
    var values = axis.numbers;
    var direction = axis.direction;
    var low = 0;
    var high = values.length;
    while (low < high) {
      var mid = (low + high) >>> 1;
      if ((values[mid] - value) * direction < 0) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    if (low === 0) {
      return 0;
    }
    if (low === values.length) {
      return values.length - 1;
    }
    var below = Math.abs(value - values[low - 1]);
    var above = Math.abs(values[low] - value);
    if (below === above) {
      return towardHigher ? low : low - 1;
    }
    return below < above ? low - 1 : low;
  }

  function axisText(axis, index) {
    return axis.texts ? axis.texts[index] : axis.values[index];
  }

  Object.keys(data.axes).forEach(function (key) {
    data.axes[key].numbers = data.axes[key].values.map(Number);
  });

  function axisOf(fieldset) {
    var key = fieldset && fieldset.getAttribute('data-axis');
    return key ? data.axes[key] : null;
  }

  // A value typed sets its index field; an index typed sets its value field.
  function syncFromValue(input) {
    var fieldset = input.closest('fieldset');
    var axis = axisOf(fieldset);
    var from = /-from$/.test(input.id);
    var index = document.getElementById(input.id.replace(/-(from|to)$/, from ? '-start' : '-stop'));
    if (!axis || !index || axis.direction === 0 || input.value.trim() === '') {
      return;
    }
    var parsed = parseValue(axis, input.value);
    if (parsed.error === undefined) {
      index.value = String(nearest(axis, parsed.value, from));
    }
  }

  function syncFromIndex(input) {
    var axis = axisOf(input.closest('fieldset'));
    var start = /-start$/.test(input.id);
    if (!axis || !(start || /-stop$/.test(input.id))) {
      return;
    }
    var value = document.getElementById(input.id.replace(/-(start|stop)$/, start ? '-from' : '-to'));
    var text = input.value.trim();
    if (value && /^[0-9]+$/.test(text) && parseInt(text, 10) < axis.values.length) {
      value.value = axisText(axis, parseInt(text, 10));
    }
  }

  // ---------------------------------------------------------------- the data URL (FormSelection)

  // Reads one range field: its number, the fallback when blank, or null after an error.
  function number(input, fallback, what, errors) {
    var text = input.value.trim();
    if (text === '') {
      return fallback;
    }
    if (!/^[+-]?[0-9]+$/.test(text)) {
      fail(input, what + ' "' + text + '" is not a whole number', errors);
      return null;
    }
    return parseInt(text, 10);
  }

  function fail(input, message, errors) {
    input.setAttribute('aria-invalid', 'true');
    errors.push({input: input, message: message});
  }

  // A value field that does not read is an error; one that reads has set its index already.
  function checkValue(axis, input, what, errors) {
    if (!axis || !input || input.value.trim() === '' || axis.direction === 0) {
      return;
    }
    var parsed = parseValue(axis, input.value);
    if (parsed.error !== undefined) {
      fail(input, what + ' ' + parsed.error, errors);
    }
  }

  // One variable's projection; the same rules as FormSelection.clause and DimensionRange.
  function clause(box, errors, counts) {
    var id = box.id.slice(4);
    var sizes = box.getAttribute('data-sizes');
    sizes = sizes ? sizes.split(' ').map(Number) : [];
    var hyperslab = '';
    var whole = true;
    for (var i = 0; i < sizes.length; i++) {
      var size = sizes[i];
      counts.push(size);
      if (size === 0) {
        return box.value;
      }
      var fieldset = document.getElementById('dim-' + id + '-' + i);
      var label = fieldset.getAttribute('data-label');
      var where = box.getAttribute('data-fqn') + ', ' + label + ': ';
      var axis = axisOf(fieldset);
      checkValue(axis, field(id, i, 'from'), where + 'from', errors);
      checkValue(axis, field(id, i, 'to'), where + 'to', errors);
      var start = number(field(id, i, 'start'), 0, where + 'start', errors);
      if (start !== null && (start < 0 || start > size - 1)) {
        fail(field(id, i, 'start'), where + 'start ' + start + ' must be between 0 and ' + (size - 1), errors);
        start = null;
      }
      var stride = number(field(id, i, 'stride'), 1, where + 'stride', errors);
      if (stride !== null && stride < 1) {
        fail(field(id, i, 'stride'), where + 'stride ' + stride + ' must be at least 1', errors);
        stride = null;
      }
      var stop = number(field(id, i, 'stop'), size - 1, where + 'stop', errors);
      var lowest = start === null ? 0 : start;
      if (stop !== null && (stop < lowest || stop > size - 1)) {
        fail(field(id, i, 'stop'), where + 'stop ' + stop + ' must be between ' + lowest + ' and ' + (size - 1), errors);
        stop = null;
      }
      if (start === null || stride === null || stop === null) {
        continue;
      }
      counts[i] = stop < start ? 0 : Math.floor((stop - start) / stride) + 1;
      whole = whole && start === 0 && stride === 1 && stop === size - 1;
      hyperslab += '[' + start + ':' + stride + ':' + stop + ']';
    }
    return whole ? box.value : box.value + hyperslab;
  }

  function checkedAncestor(box) {
    var parent = box.getAttribute('data-parent');
    while (parent) {
      var outer = document.getElementById('var-' + parent);
      if (!outer) {
        return false;
      }
      if (outer.checked) {
        return true;
      }
      parent = outer.getAttribute('data-parent');
    }
    return false;
  }

  function build() {
    var invalid = form.querySelectorAll('[aria-invalid]');
    for (var i = 0; i < invalid.length; i++) {
      invalid[i].removeAttribute('aria-invalid');
    }
    var clauses = [];
    var errors = [];
    var projections = [];
    boxes.forEach(function (box) {
      if (box.checked) {
        var counts = [];
        var text = clause(box, errors, counts);
        clauses.push(text);
        if (!checkedAncestor(box)) {
          projections.push({id: box.id.slice(4), counts: counts, sliced: text !== box.value});
        }
      }
    });
    var ce = clauses.join(dap4 ? ';' : ',');
    var query = ce === '' ? '' : (dap4 ? 'dap4.ce=' : '') + encodeQuery(ce);
    return {query: query, errors: errors, projections: projections};
  }

  // ---------------------------------------------------------------- sizes (AnswerSizes)

  function digits(n) {
    return String(n).length;
  }

  // One variable's text and data bytes (SizeTerm.textBytes and dataBytes).
  function termBytes(term, counts, sliced) {
    var text = sliced ? term.st : term.t;
    var perDigit = sliced ? term.sd : term.d;
    var n = 1;
    for (var i = 0; i < counts.length; i++) {
      if (i < perDigit.length) {
        text += perDigit[i] * digits(counts[i]);
      }
      n *= counts[i];
    }
    var values = term.w * n;
    if (term.pad) {
      values = Math.ceil(values / 4) * 4;
    }
    var data = term.p + values;
    for (var j = 0; j < counts.length && j < term.m.length; j++) {
      data += term.m[j] * counts[j];
    }
    if (term.r !== 0) {
      var last = counts.length === 0 ? 1 : counts[counts.length - 1];
      data += term.r * (counts.length <= 1 ? 1 : last === 0 ? 0 : n / last);
    }
    return {text: text, data: data};
  }

  var KINDS = ['exact', 'at-least', 'about'];

  // The size of one format's answer (AnswerSizes.size), without checksums as the form asks.
  function answerSize(format, projections) {
    var parts = data.formats[format];
    var constrained = projections.length > 0;
    var sent = projections;
    if (!constrained) {
      sent = [];
      boxes.forEach(function (box) {
        if (!box.getAttribute('data-parent')) {
          var sizes = box.getAttribute('data-sizes');
          sent.push({id: box.id.slice(4), counts: sizes ? sizes.split(' ').map(Number) : [],
            sliced: false});
        }
      });
    }
    var text = parts.text;
    var bytes = parts.data;
    var kind = KINDS.indexOf(parts.kind);
    var declared = {};
    sent.forEach(function (p) {
      var term = parts.vars[p.id];
      var share = termBytes(term, p.counts, p.sliced);
      text += share.text;
      bytes += share.data;
      kind = Math.max(kind, KINDS.indexOf(term.k));
      if (!p.sliced) {
        term.dims.forEach(function (d) { declared[d] = true; });
      }
    });
    if (!parts.chunked) {
      return {bytes: text + bytes, kind: KINDS[kind]};
    }
    Object.keys(parts.dims).forEach(function (d) {
      if (!constrained || declared[d]) {
        text += parts.dims[d];
      }
    });
    var chunk = Math.max(data.minChunk, text + 2);
    return {bytes: 4 * (2 + Math.floor(bytes / chunk)) + text + 2 + bytes, kind: KINDS[kind]};
  }

  var UNITS = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];

  // Markup.humanSize.
  function humanSize(bytes) {
    if (bytes < 1024) {
      return bytes + ' B';
    }
    var unit = 0;
    var value = bytes / 1024;
    while (value >= 1023.95 && unit < UNITS.length - 1) {
      value /= 1024;
      unit++;
    }
    var tenths = Math.round(value * 10);
    return Math.floor(tenths / 10) + '.' + tenths % 10 + ' ' + UNITS[unit];
  }

  function grouped(n) {
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  }

  // RequestPanel.sizeText and sizeTitle.
  function sizeText(size) {
    var human = humanSize(size.bytes);
    return size.kind === 'exact' ? human : (size.kind === 'about' ? 'about ' : 'at least ') + human;
  }

  function sizeTitle(size) {
    var bytes = grouped(size.bytes) + (size.bytes === 1 ? ' byte' : ' bytes');
    if (size.kind === 'exact') {
      return bytes + ', exactly';
    }
    return size.kind === 'about' ? 'about ' + bytes + ', estimated'
      : 'at least ' + bytes + ' (strings or sequences add more)';
  }

  function showSizes(projections) {
    Object.keys(data.formats).forEach(function (format) {
      var span = document.getElementById('size-' + format);
      if (!span) {
        return;
      }
      var size = answerSize(format, projections);
      // Only what changed: a text node replaced under the pointer between mousedown and mouseup
      // (a field's change event runs as the button takes focus) would cancel the click.
      var text = sizeText(size);
      if (span.textContent !== text) {
        span.textContent = text;
      }
      span.title = sizeTitle(size);
      span.setAttribute('data-bytes', String(size.bytes));
      span.setAttribute('data-kind', size.kind);
    });
    if (sizeHint) {
      var hint = sizeHint.textContent.replace(
        /^Answer sizes for (the whole dataset \(nothing checked\)|this selection)/,
        'Answer sizes for ' + (projections.length ? 'this selection' : 'the whole dataset (nothing checked)'));
      if (hint !== sizeHint.textContent) {
        sizeHint.textContent = hint;
      }
    }
  }

  // ---------------------------------------------------------------- the page

  function refresh() {
    var result = build();
    urlBox.value = datasetUrl + (result.query ? '?' + result.query : '');
    status.textContent = result.errors.map(function (e) { return e.message; }).join(' ');
    status.classList.toggle('bad', result.errors.length > 0);
    if (result.errors.length === 0) {
      showSizes(result.projections);
    }
    return result;
  }

  // Typing a range selects its variable, and keeps indexes and values in step.
  form.addEventListener('input', function (event) {
    var target = event.target;
    if (target.type === 'number' || target.classList.contains('value')) {
      var row = target.closest('tr');
      var box = row && row.querySelector('input[name="var"]');
      if (box && !box.checked) {
        box.checked = true;
      }
      if (target.type === 'number') {
        syncFromIndex(target);
      } else {
        syncFromValue(target);
      }
    }
    hideWarning();
    refresh();
  });
  form.addEventListener('change', refresh);

  form.addEventListener('click', function (event) {
    var button = event.target.closest('button');
    if (button) {
      lastButton = button;
    }
  });

  function hideWarning() {
    if (warning) {
      warning.hidden = true;
    }
    pending = null;
  }

  function confirmed(token) {
    var confirm = form.querySelector('input[name="confirm"]');
    return confirm !== null && confirm.value === token;
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var button = event.submitter || lastButton;
    lastButton = null;
    var result = refresh();
    if (!button || button.name !== 'format') {
      return;
    }
    if (result.errors.length > 0) {
      result.errors[0].input.focus();
      return;
    }
    var target = datasetHref + button.getAttribute('data-suffix')
      + (result.query ? '?' + result.query : '');
    var size = answerSize(button.value, result.projections);
    if (warning && data.largeDownload > 0 && size.bytes > data.largeDownload
        && !confirmed(button.value)) {
      pending = target;
      document.getElementById('download-warning-text').textContent = 'The '
        + button.firstChild.textContent.trim() + ' answer (' + button.getAttribute('data-suffix')
        + ') is ' + sizeText(size) + ' (' + sizeTitle(size) + '), more than the '
        + data.largeDownloadText + ' this server asks about first. Download it anyway?';
      warning.hidden = false;
      document.getElementById('download-anyway').focus();
      return;
    }
    window.location.assign(target);
  });

  if (warning) {
    document.getElementById('download-anyway').addEventListener('click', function () {
      var target = pending;
      hideWarning();
      if (target) {
        window.location.assign(target);
      }
    });
    document.getElementById('download-cancel').addEventListener('click', hideWarning);
  }

  if (copy) {
    copy.addEventListener('click', function () {
      var text = urlBox.value;
      var done = function (ok) {
        status.classList.remove('bad');
        status.textContent = ok ? 'Copied the data URL.' : 'Select the data URL and copy it.';
      };
      var fallback = function () {
        urlBox.focus();
        urlBox.select();
        var ok = false;
        try {
          ok = document.execCommand('copy');
        } catch (e) {
          ok = false;
        }
        done(ok);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
      } else {
        fallback();
      }
    });
  }

  refresh();
}());
