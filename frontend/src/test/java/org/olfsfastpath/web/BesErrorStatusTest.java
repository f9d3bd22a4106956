package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.olfsfastpath.bes.BesError;

final class BesErrorStatusTest {
  @ParameterizedTest(name = "type {0}, http_status {1} -> {2}")
  @CsvSource({
    "5, 0, 404",
    "3, 0, 400",
    "4, 0, 403",
    "6, 0, 504",
    "7, 401, 401",
    "7, 503, 503",
    "7, 0, 500",
    "7, 302, 500",
    "1, 0, 500",
    "2, 0, 500",
    "9, 0, 500"
  })
  void besErrorType_toHttpStatus(int type, int httpStatus, int expected) {
    assertEquals(expected, BesErrorStatus.of(new BesError(type, "m", httpStatus, "")));
  }
}
