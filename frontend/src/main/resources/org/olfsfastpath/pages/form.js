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
  var boxes = Array.prototype.slice.call(form.querySelectorAll('input[name="var"]'));
  var lastButton = null;

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

  // One variable's projection; the same rules as FormSelection.clause.
  function clause(box, errors) {
    var id = box.id.slice(4);
    var sizes = box.getAttribute('data-sizes');
    sizes = sizes ? sizes.split(' ').map(Number) : [];
    var hyperslab = '';
    var whole = true;
    for (var i = 0; i < sizes.length; i++) {
      var size = sizes[i];
      if (size === 0) {
        return box.value;
      }
      var label = document.getElementById('dim-' + id + '-' + i).getAttribute('data-label');
      var where = box.getAttribute('data-fqn') + ', ' + label + ': ';
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
      whole = whole && start === 0 && stride === 1 && stop === size - 1;
      hyperslab += '[' + start + ':' + stride + ':' + stop + ']';
    }
    return whole ? box.value : box.value + hyperslab;
  }

  function build() {
    var invalid = form.querySelectorAll('[aria-invalid]');
    for (var i = 0; i < invalid.length; i++) {
      invalid[i].removeAttribute('aria-invalid');
    }
    var clauses = [];
    var errors = [];
    boxes.forEach(function (box) {
      if (box.checked) {
        clauses.push(clause(box, errors));
      }
    });
    var ce = clauses.join(dap4 ? ';' : ',');
    var query = ce === '' ? '' : (dap4 ? 'dap4.ce=' : '') + encodeQuery(ce);
    return {query: query, errors: errors};
  }

  function refresh() {
    var result = build();
    urlBox.value = datasetUrl + (result.query ? '?' + result.query : '');
    status.textContent = result.errors.map(function (e) { return e.message; }).join(' ');
    status.classList.toggle('bad', result.errors.length > 0);
    return result;
  }

  // Typing a range selects its variable.
  form.addEventListener('input', function (event) {
    var target = event.target;
    if (target.type === 'number') {
      var row = target.closest('tr');
      var box = row && row.querySelector('input[name="var"]');
      if (box && !box.checked) {
        box.checked = true;
      }
    }
    refresh();
  });
  form.addEventListener('change', refresh);

  form.addEventListener('click', function (event) {
    var button = event.target.closest('button');
    if (button) {
      lastButton = button;
    }
  });

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
    var suffix = button.getAttribute('data-suffix');
    window.location.assign(datasetHref + suffix + (result.query ? '?' + result.query : ''));
  });

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
